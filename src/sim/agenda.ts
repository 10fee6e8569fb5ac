/** What the simulator's event queue holds: environment events, message deliveries and timers. */
import type { ReplicaRequest } from '../machines/replicaMachine';
import type { RequestMessage } from './pendingReply';
import type { ServicePayload } from './serviceData';
import type { ProcessCause } from './trace';

/**
 * Every item is plain data: it names what to do (kind, replica index, ids, values) and
 * `simulate.ts`'s `dispatch` maps it to the code that does it; a `service` item goes to the
 * night's lock service (`LockService.handle`), whose payload it is. No item holds a function or a
 * process object, so a queue copied with `structuredClone` pops and runs the same.
 */

export type AgendaItem =
  | { readonly kind: 'pauseStart'; readonly replica: number; readonly untilMs: number; readonly cause: ProcessCause }
  | { readonly kind: 'pauseEnd'; readonly replica: number }
  | { readonly kind: 'crash'; readonly replica: number }
  | { readonly kind: 'restart'; readonly replica: number }
  | { readonly kind: 'clockJump'; readonly node: string; readonly byMs: number }
  | { readonly kind: 'expireLock' }
  /** An operator kills the replica's database session (the lock service says what goes with it). */
  | { readonly kind: 'killSession'; readonly replica: number }
  /** The lock service's own step (a keep-alive tick, Redis's failover...), handed back to it. */
  | { readonly kind: 'service'; readonly payload: ServicePayload }
  /**
   * A step of the night's job (`jobs/registry.ts`), with data only that job reads (e.g. the
   * outbox's woken `FOR UPDATE` claims, a dead relay's rollback). `sameInstant`: it runs at the
   * instant it was scheduled, with data that changes as it runs, so no checkpoint holds one.
   */
  | { readonly kind: 'job'; readonly sameInstant: boolean; readonly step: unknown }
  | { readonly kind: 'manualTrigger'; readonly replica: number }
  | RequestMessage
  | {
      readonly kind: 'requestTimeout';
      readonly replica: number;
      readonly incarnation: number;
      readonly messageId: number;
      readonly request: ReplicaRequest;
    }
  | { readonly kind: 'work'; readonly replica: number; readonly generation: number }
  | { readonly kind: 'trigger'; readonly replica: number; readonly generation: number; readonly dueWallMs: number };
