/** What the simulator's event queue holds: environment events, message deliveries and timers. */
import type { ReplicaRequest } from '../machines/replicaMachine';
import type { RequestMessage } from './pendingReply';
import type { Waiter } from './services/consensus/consensusStore';
import type { ProcessCause } from './trace';

/**
 * Every item is plain data: it names what to do (kind, replica index, ids, values) and
 * `simulate.ts`'s `dispatch` maps it to the code that does it. No item holds a function or a
 * process object, so a queue copied with `structuredClone` pops and runs the same.
 */

export type AgendaItem =
  | { readonly kind: 'pauseStart'; readonly replica: number; readonly untilMs: number; readonly cause: ProcessCause }
  | { readonly kind: 'pauseEnd'; readonly replica: number }
  | { readonly kind: 'crash'; readonly replica: number }
  | { readonly kind: 'restart'; readonly replica: number }
  | { readonly kind: 'clockJump'; readonly node: string; readonly byMs: number }
  | { readonly kind: 'expireLock' }
  | { readonly kind: 'killSession'; readonly replica: number }
  | { readonly kind: 'redisFailover' }
  | { readonly kind: 'redisPromote' }
  | { readonly kind: 'consensusExpiry'; readonly session: string }
  /** An etcd / ZooKeeper waiter whose lower keys are gone, woken after the deleting statement. */
  | { readonly kind: 'consensusWake'; readonly waiter: Waiter }
  /**
   * A step of the night's job (`jobs/registry.ts`), with data only that job reads (e.g. the
   * outbox's woken `FOR UPDATE` claims, a dead relay's rollback). `sameInstant`: it runs at the
   * instant it was scheduled, with data that changes as it runs, so no checkpoint holds one.
   */
  | { readonly kind: 'job'; readonly sameInstant: boolean; readonly step: unknown }
  /** The server notices a dead process's session and ends it (advisory locks go with it). */
  | { readonly kind: 'sessionDeath'; readonly replica: number; readonly session: string }
  | { readonly kind: 'manualTrigger'; readonly replica: number }
  | RequestMessage
  | {
      readonly kind: 'keepAliveRequest';
      readonly replica: number;
      readonly incarnation: number;
      readonly generation: number;
      readonly messageId: number;
      readonly sentInstantMs: number;
      /** Lost in a partition: this is the client's timeout, not the database receiving it. */
      readonly lost: boolean;
    }
  | {
      readonly kind: 'requestTimeout';
      readonly replica: number;
      readonly incarnation: number;
      readonly messageId: number;
      readonly request: ReplicaRequest;
    }
  | { readonly kind: 'work'; readonly replica: number; readonly generation: number }
  | { readonly kind: 'electorTick'; readonly replica: number; readonly generation: number; readonly dueWallMs: number }
  | {
      readonly kind: 'electorRequest';
      readonly replica: number;
      readonly generation: number;
      readonly messageId: number;
      readonly sentInstantMs: number;
      readonly lost: boolean;
    }
  | { readonly kind: 'trigger'; readonly replica: number; readonly generation: number; readonly dueWallMs: number }
  | { readonly kind: 'keepAliveTick'; readonly replica: number; readonly generation: number };
