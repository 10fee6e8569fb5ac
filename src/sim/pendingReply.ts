/**
 * A request on its way to (or waiting at) its service, and where its reply goes when it comes
 * only later (a blocked lock acquire, a claim waiting on a row lock). Plain data: a waiter
 * names the request it answers, and `answerRequest` (`requestExecution.ts`) carries the reply
 * to the replica, so the night's state holds no continuation (a checkpoint is plain data).
 */
import type { ReplicaRequest } from '../machines/replicaMachine';

/** A replica's request as the queue holds it until it reaches its service. */
export interface RequestMessage {
  readonly kind: 'request';
  readonly replica: number;
  readonly incarnation: number;
  readonly messageId: number;
  readonly request: ReplicaRequest;
  readonly sentInstantMs: number;
  readonly extraMs: number;
}

/** A reply still owed: the request it answers and the true time that request arrived. */
export interface PendingReply {
  readonly request: RequestMessage;
  readonly arrivedMs: number;
}
