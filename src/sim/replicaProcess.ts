/**
 * The simulator's view of one replica process: the XState actor that decides, plus everything
 * the process level owns (DOMAIN.md §4 rows P, R, X, S): up/paused/down, the work timer that
 * freezes during a pause, clock timers that fall due while paused, the inbox of replies held
 * while paused, and the lock bookkeeping of ShedLock's client side.
 */
import type { ReplicaActivity, ReplicaMachineInput, ReplicaRequest } from '../machines/replicaMachine';
import type { ResolvedReplica } from '../model/resolvedScenario';
import { type ElectorState, freshElector } from './leaseRecord';
import type { NodeClock } from './nodeClock';
import { type DeciderCheckpoint, ReplicaDecider } from './replicaDecider';
import type { ProcState, RunRecord } from './trace';

/** A reply that arrived while the process was paused (Kleppmann's kernel buffers). */
export interface HeldReply {
  readonly deliver: () => void;
}

export type OverdueTimer = { readonly kind: 'trigger' | 'keepAlive' | 'elector'; readonly dueMs: number };

/** A process's state at a checkpoint (`checkpoint.ts`). */
export interface ProcessCheckpoint {
  readonly proc: ProcState;
  readonly decider: DeciderCheckpoint | null;
  readonly activity: ReplicaActivity;
  readonly incarnation: number;
  readonly instantMs: number;
  readonly workDueMs: number | null;
  readonly workGeneration: number;
  readonly workRemainingMs: number | null;
  readonly pausedUntilMs: number;
  readonly overdue: readonly OverdueTimer[];
  readonly inbox: readonly HeldReply[];
  readonly heldWrite: ReplicaRequest | null;
  readonly lastTriggerWallMs: number;
  readonly triggerGeneration: number;
  readonly sessionEpoch: number;
  readonly elector: Readonly<ElectorState>;
  readonly leaseGrantId: number | null;
  readonly claimedRows: readonly number[];
  readonly consensusGrantId: number | null;
  readonly redisValue: string | null;
  readonly lockRowSeen: boolean;
  readonly grantId: number | null;
  readonly lockCreatedLocalMs: number;
  readonly keepAliveGeneration: number;
  readonly keepAliveDueMonotonicMs: number;
  readonly keepAliveUntilLocalMs: number;
  readonly run: RunRecord | null;
}

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
  /** Leader election (`lease` kind): this process's elector, and the term it leads, if any. */
  elector: ElectorState = freshElector(0);
  leaseGrantId: number | null = null;
  /** The outbox rows this relay's open transaction claimed (item indices). */
  claimedRows: readonly number[] = [];
  /** The etcd / ZooKeeper grant this process holds, if any. */
  consensusGrantId: number | null = null;
  /** The value this process set on the Redis lock key for its current grant (`redis` kind). */
  redisValue: string | null = null;
  /** ShedLock caches "the row exists" per process: the first acquire is an upsert. */
  lockRowSeen = false;
  /** The grant this process's current run holds, as the simulator's grant id. */
  grantId: number | null = null;
  /** App-time `locked_at` the holder remembers (for unlock's `lockAtLeastFor`). */
  lockCreatedLocalMs = 0;
  keepAliveGeneration = 0;
  /**
   * ShedLock's keep-alive grid: the scheduled time, on this replica's monotonic clock, of the
   * run that is due next (or running). Advances by one period per run, late or not.
   */
  keepAliveDueMonotonicMs = 0;
  /** KeepAlive's remembered `lockAtMostUntil` on this replica's wall clock. */
  keepAliveUntilLocalMs = 0;
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

  /** The process as data (held replies and records are immutable, so they are kept as they are). */
  checkpoint(): ProcessCheckpoint {
    return {
      proc: this.proc,
      decider: this.decider?.checkpoint() ?? null,
      activity: this.activity,
      incarnation: this.incarnation,
      instantMs: this.instantMs,
      workDueMs: this.workDueMs,
      workGeneration: this.workGeneration,
      workRemainingMs: this.workRemainingMs,
      pausedUntilMs: this.pausedUntilMs,
      overdue: this.overdue.slice(),
      inbox: this.inbox.slice(),
      heldWrite: this.heldWrite,
      lastTriggerWallMs: this.lastTriggerWallMs,
      triggerGeneration: this.triggerGeneration,
      sessionEpoch: this.sessionEpoch,
      elector: { ...this.elector },
      leaseGrantId: this.leaseGrantId,
      claimedRows: this.claimedRows,
      consensusGrantId: this.consensusGrantId,
      redisValue: this.redisValue,
      lockRowSeen: this.lockRowSeen,
      grantId: this.grantId,
      lockCreatedLocalMs: this.lockCreatedLocalMs,
      keepAliveGeneration: this.keepAliveGeneration,
      keepAliveDueMonotonicMs: this.keepAliveDueMonotonicMs,
      keepAliveUntilLocalMs: this.keepAliveUntilLocalMs,
      run: this.run,
    };
  }

  /** Back to `saved`, with a fresh actor restored from its persisted snapshot (`actorRestore.ts`). */
  restore(saved: ProcessCheckpoint): void {
    this.decider?.stop();
    this.decider = saved.decider && new ReplicaDecider(this.#machineInput, this.#reuseReactions, saved.decider);
    this.proc = saved.proc;
    this.activity = saved.activity;
    this.incarnation = saved.incarnation;
    this.instantMs = saved.instantMs;
    this.workDueMs = saved.workDueMs;
    this.workGeneration = saved.workGeneration;
    this.workRemainingMs = saved.workRemainingMs;
    this.pausedUntilMs = saved.pausedUntilMs;
    this.overdue = saved.overdue.slice();
    this.inbox = saved.inbox.slice();
    this.heldWrite = saved.heldWrite;
    this.lastTriggerWallMs = saved.lastTriggerWallMs;
    this.triggerGeneration = saved.triggerGeneration;
    this.sessionEpoch = saved.sessionEpoch;
    this.elector = { ...saved.elector };
    this.leaseGrantId = saved.leaseGrantId;
    this.claimedRows = saved.claimedRows;
    this.consensusGrantId = saved.consensusGrantId;
    this.redisValue = saved.redisValue;
    this.lockRowSeen = saved.lockRowSeen;
    this.grantId = saved.grantId;
    this.lockCreatedLocalMs = saved.lockCreatedLocalMs;
    this.keepAliveGeneration = saved.keepAliveGeneration;
    this.keepAliveDueMonotonicMs = saved.keepAliveDueMonotonicMs;
    this.keepAliveUntilLocalMs = saved.keepAliveUntilLocalMs;
    this.run = saved.run;
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
