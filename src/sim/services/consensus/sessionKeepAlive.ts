/**
 * An etcd / ZooKeeper session's keep-alive (F17): the replica sends one every `sessionTtl/3` on
 * its monotonic clock (the tick and the request: `keepAliveTimer.ts`); the server refreshes a
 * live session's deadline, and a replica that hears its session is gone has lost the lock
 * (`onLockLost`) and opens a new session on its next acquire.
 */
import type { ConsensusConfig } from '../../../model/resolvedScenario';
import { renewSession } from '../../replicaProcess';
import { reachesNow } from '../../replyArrival';
import type { KeepAliveRequest } from '../keepAliveTimer';
import {
  type ConsensusContext,
  type ConsensusProcess,
  consensusClientOf,
  consensusKeepAliveAtServer,
  scheduleConsensusKeepAlive,
  wakeExpiredSessionWaiters,
} from './consensusLock';

/** Whether the session still lives, as the replica hears it (held in its inbox while it is paused). */
export interface SessionKeepAliveAnswer {
  readonly kind: 'consensusKeepAlive';
  readonly messageId: number;
  readonly generation: number;
  /** The request was lost in a partition: the client timed out. */
  readonly lost: boolean;
  readonly alive: boolean;
}

/** The session's keep-alive reaches the server (or times out). */
export function sessionKeepAliveArrived(
  sim: ConsensusContext,
  process: ConsensusProcess,
  config: ConsensusConfig,
  item: KeepAliveRequest,
): void {
  if (process.incarnation !== item.incarnation) return;
  const alive = !item.lost && consensusKeepAliveAtServer(sim, config, process.session);
  sim.sqlRecorder(process, item.messageId)(
    { kind: 'consensusKeepAlive', flavor: config.kind, session: process.session },
    alive ? 1 : 0,
    alive ? 'extended' : 'lost',
  );
  const answer: SessionKeepAliveAnswer = {
    kind: 'consensusKeepAlive',
    messageId: item.messageId,
    generation: item.generation,
    lost: item.lost,
    alive,
  };
  if (!reachesNow(process, item.incarnation, { kind: 'service', payload: answer })) return;
  process.instantMs = item.sentInstantMs;
  sessionKeepAliveAnswered(sim, process, config, answer);
}

/** The replica hears how its session's keep-alive went (at once, or on resume from its inbox). */
export function sessionKeepAliveAnswered(
  sim: ConsensusContext,
  process: ConsensusProcess,
  config: ConsensusConfig,
  answer: SessionKeepAliveAnswer,
): void {
  if (answer.lost) sim.log(process.id, { kind: 'timeout', messageId: answer.messageId, request: 'extend' });
  const client = consensusClientOf(process);
  if (answer.generation !== client.keepAliveGeneration) return;
  if (answer.alive) {
    scheduleConsensusKeepAlive(sim, process, config);
    return;
  }
  // The session is gone (F17: LOST): a ZooKeeper waiter of it wakes; the next acquire opens a new one.
  wakeExpiredSessionWaiters(sim, config, process.session);
  renewSession(process);
  sim.log(process.id, { kind: 'keepAlive', outcome: 'lost' });
  client.keepAliveGeneration += 1;
  // Between runs there is no lock to lose; in a run the replica hears it lost it.
  if (process.activity !== 'idle' && process.activity !== 'dueCheck') sim.sendToActor(process, { type: 'LOCK_LOST' });
}
