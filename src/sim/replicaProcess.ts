/**
 * The simulator's view of one replica process: the XState actor that decides, plus everything
 * the process level owns (DOMAIN.md §4 rows P, R, X, S): up/paused/down, the work timer that
 * freezes during a pause, clock timers that fall due while paused, the inbox of replies held
 * while paused; the lock service's own client state is `lockClient`.
 */
import type { ReplicaActivity, ReplicaEvent, ReplicaMachineInput, ReplicaRequest } from '../machines/replicaMachine';
import type { ResolvedReplica } from '../model/resolvedScenario';
import type { NodeClock } from './nodeClock';
import { type DeciderCheckpoint, ReplicaDecider } from './replicaDecider';
import type { ServiceClient, ServicePayload } from './serviceData';
import type { ProcState, RunRecord } from './trace';

/**
 * A reply that arrived while the process was paused (Kleppmann's kernel buffers), as data:
 * what came back, for `deliverHeld` (`heldReplies.ts`) to hand over on resume.
 */
export type HeldReply =
  /** A database (or lock service) reply to a request. */
  | {
      readonly kind: 'reply';
      readonly request: ReplicaRequest;
      readonly messageId: number;
      readonly reply: ReplicaEvent;
    }
  /** A request lost in a partition: the client's timeout. */
  | { readonly kind: 'timeout'; readonly messageId: number; readonly request: ReplicaRequest['kind'] }
  /** The lock service's own reply (a keep-alive's outcome), handed back to it (`LockService.heldReply`). */
  | { readonly kind: 'service'; readonly payload: ServicePayload };

/** A clock timer that fell due while paused: a trigger, or the lock service's (keep-alive, elector). */
export type OverdueTimer = { readonly kind: 'trigger' | 'service'; readonly dueMs: number };

export class ReplicaProcess {
  readonly config: ResolvedReplica;
  readonly clock: NodeClock;
  /** One-way latency to the database (DOMAIN.md §0: 2, 3, 4 ms for A, B, C...). */
  readonly latencyMs: number;
  readonly #machineInput: ReplicaMachineInput;
  readonly #reuseReactions: boolean;

  proc: ProcState = 'up';
  /** The replica machine (an XState actor behind the reaction memo); null while down. */
  decider: ReplicaDecider | null = null;
  activity: ReplicaActivity = 'idle';
  /** Bumped on crash: timers and replies of an earlier incarnation are dropped. */
  incarnation = 0;
  /**
   * The replica-side instant the process is acting at. A statement takes effect at the database
   * `latencyMs` after it; the reply is folded into the step that follows (see ARCHITECTURE.md).
   */
  instantMs = 0;

  /** invariant: non-null iff a work step is running and the process is up. */
  workDueMs: number | null = null;
  workGeneration = 0;
  /** Work left when a pause froze the step. */
  workRemainingMs: number | null = null;
  pausedUntilMs = 0;
  overdue: OverdueTimer[] = [];
  inbox: HeldReply[] = [];
  /** A write held back by `pauseBeforeWrite`, sent on resume. */
  heldWrite: ReplicaRequest | null = null;

  /** Wall reading up to which trigger instants count as fired. */
  lastTriggerWallMs = Number.NEGATIVE_INFINITY;
  triggerGeneration = 0;

  /**
   * The database session is `<id>#<sessionEpoch>`: a new one after a crash or after the server
   * killed the old one (the pool reconnects on the next statement).
   */
  sessionEpoch = 0;
  /** The outbox rows this relay's open transaction claimed (item indices). */
  claimedRows: readonly number[] = [];
  /** The grant this process's current run holds, as the simulator's grant id. */
  grantId: number | null = null;
  /**
   * The lock service's client on this process (`LockService.createClient`): plain data only
   * the service reads, e.g. ShedLock's row cache and KeepAlive grid, the Lease elector.
   */
  lockClient: ServiceClient = null;
  run: RunRecord | null = null;

  constructor(config: ResolvedReplica, clock: NodeClock, machineInput: ReplicaMachineInput, reuseReactions: boolean) {
    this.config = config;
    this.clock = clock;
    this.latencyMs = 2 + config.index;
    this.#machineInput = machineInput;
    this.#reuseReactions = reuseReactions;
  }

  /** Starts a fresh machine in `idle` (at the start of the night and on restart). */
  startActor(): void {
    this.decider = new ReplicaDecider(this.#machineInput, this.#reuseReactions);
    this.activity = 'idle';
  }

  /** Replaces the actor by one restored from a checkpoint (`stateCopies.ts`), or none. */
  restoreDecider(saved: DeciderCheckpoint | null): void {
    this.decider?.stop();
    this.decider = saved && new ReplicaDecider(this.#machineInput, this.#reuseReactions, saved);
  }

  stopActor(): void {
    this.decider?.stop();
    this.decider = null;
    this.activity = 'idle';
  }

  get index(): number {
    return this.config.index;
  }

  get id(): string {
    return this.config.id;
  }

  get session(): string {
    return `${this.config.id}#${this.sessionEpoch}`;
  }
}
