/**
 * What the kernel asks of a lock kind (issue 13 item 1): the lock statements of a run (acquire,
 * the client-side holder check, release), the operator's forced expiry and killed session,
 * what happens to the kind's client as a replica starts, hears its answer, ends its run or goes
 * down, its own agenda items, held replies and overdue timers, its state and per-process
 * client (plain data the kernel keeps without looking inside), where its statements go, its
 * lane in the service history and its part of the configuration lint (I7). Each kind is one
 * folder under `services/` implementing this, listed in `registry.ts`; the kernel calls
 * through the registry and never branches on the kind.
 *
 * Every method runs at `sim.nowMs`. `lock` is the night's lock configuration, already of the
 * service's kind (the registry keys the services by kind). A service may ask for less than the
 * whole simulation (`C`, `P`: a `Pick` of what it touches), so a test can drive it through a
 * small fake context instead of a night.
 */
import type { ReplicaEvent } from '../../machines/replicaMachine';
import type { LockConfig, ResolvedEvent, ResolvedReplica, ResolvedScenario } from '../../model/resolvedScenario';
import type { RecordSql } from '../database';
import type { LockEndpoint } from '../faultPlan';
import type { PendingReply } from '../pendingReply';
import type { ReplicaProcess } from '../replicaProcess';
import type { ServiceClient, ServicePayload, ServiceState } from '../serviceData';
import type { ServiceView } from '../serviceHistory';
import type { Simulation } from '../simulation';
import type { ViolationMessage } from '../trace';

/** A scenario feature the engine refuses to run (`unsupportedFeatures`): where, and why. */
export interface Refusal {
  readonly path: string;
  readonly message: string;
}

/** A reply that was owed (`acquireOwed` answered null) and is due now. */
export interface OwedAnswer {
  readonly pending: PendingReply;
  readonly reply: ReplicaEvent;
}

/**
 * `I` is the service's own agenda and inbox payloads (plain data): what it schedules as a
 * `{ kind: 'service', payload }` item or keeps as a held reply comes back to its `handle` or
 * `heldReply` (a night has one lock service, so every payload is the service's own).
 */
export interface LockService<
  L extends LockConfig = LockConfig,
  C = Simulation,
  P = ReplicaProcess,
  I extends ServicePayload = ServicePayload,
> {
  /**
   * A lock whose acquire blocks (etcd, ZooKeeper): takes the request as an owed reply and
   * answers now (a reply) or later (null; the service answers when the wait ends). Without
   * it the kernel calls `acquire`, which answers at once.
   */
  readonly acquireOwed: ((sim: C, process: P, lock: L, pending: PendingReply) => ReplicaEvent | null) | null;
  /** The lock statement of a run's start: GRANTED (with the token, if any) or DENIED. */
  acquire(sim: C, process: P, lock: L, lockNowMs: number, record: RecordSql): ReplicaEvent;
  /** The client-side check of S08 ("am I still the holder?"). */
  isHolder(sim: C, process: P, lock: L, lockNowMs: number, record: RecordSql): boolean;
  /** The run's release; always answered RELEASED (a release of a lost lock is a no-op). */
  release(sim: C, process: P, lock: L, lockNowMs: number, record: RecordSql): ReplicaEvent;
  /** An operator forces the lock free (`expireLock`). */
  forceExpire(sim: C, lock: L): void;
  /** A replica's process starts (the night's start, a restart), after its actor and trigger. */
  replicaStarted(sim: C, process: P, lock: L): void;
  /** A replica's process went down (crash or exit), before its session epoch moves on. */
  replicaDown(sim: C, process: P, lock: L): void;
  /**
   * An operator kills the replica's database session (`killSession`): the process runs on and
   * reconnects on its next statement; what the session held (an advisory lock) goes with it.
   */
  killSession(sim: C, process: P, lock: L): void;
  /** The replica hears its acquire's answer, before its machine does (ShedLock now knows its row exists). */
  answerHeard(sim: C, process: P, answer: Extract<ReplicaEvent, { type: 'GRANTED' | 'DENIED' }>, lock: L): void;
  /** The replica heard GRANTED and is still up (ShedLock's keep-alive starts). */
  granted(sim: C, process: P, lock: L): void;
  /** The replica's run ended (its machine is back to idle). */
  runEnded(process: P, lock: L): void;
  /**
   * One of the service's own agenda items fell due (`{ kind: 'service', payload }`). Returns
   * a reply it owed (a woken waiter's), which the kernel carries to the replica, or null.
   */
  handle(sim: C, payload: I, lock: L): OwedAnswer | null;
  /** The service's timer that fell due while the process was paused runs once, on resume. */
  resumeTimer(sim: C, process: P, lock: L): void;
  /** A reply of the service's that the process's pause held, handed over on resume. */
  heldReply(sim: C, process: P, payload: I, lock: L): void;
  /**
   * The service's state for a night of `scenario` (plain data: the kernel keeps it in
   * `Simulation.lockState` and a checkpoint copies it), or null when it lives in the database.
   */
  createState(scenario: ResolvedScenario, lock: L): ServiceState;
  /** The service's client on a replica's process, at the night's start (plain data, `ReplicaProcess.lockClient`). */
  createClient(replica: ResolvedReplica, lock: L): ServiceClient;
  /** The night starts, before anything runs: what the service shows from the start (Redis's nodes). */
  nightStarted(sim: C, lock: L): void;
  /** Nodes with a clock of their own besides the replicas and `db` (`redis`): a `clockJump` may name them. */
  readonly clockNodes: readonly string[];
  /** The night ends at `endMs` (or where the step budget ran out): what the service still owes the trace. */
  nightEnded(sim: C, endMs: number): void;
  /** The agenda payload of a user event the service carries out (Redis's failover), or null. */
  eventPayload(event: ResolvedEvent, lock: L): I | null;
  /**
   * Where the lock's statements go (acquire, holder check, release, extend, the elector's
   * requests), and so which service a partition cuts the replica off from; null without a lock.
   */
  readonly endpoint: LockEndpoint | null;
  /** True when a lock statement reads the replica's wall clock (ShedLock's `time: app`), else the database's. */
  readsReplicaClock(lock: L): boolean;
  /** True when the machine mints its token only after the load (ShedLock's S20 anti-pattern). */
  mintsTokenAfterLoad(lock: L): boolean;
  /**
   * Events of `scenario` (whatever its lock) that need this service and that the night cannot
   * run (a failover of a Redis the night has not got). Asked of every service.
   */
  refusedEvents(scenario: ResolvedScenario): Refusal[];
  /**
   * True when the service's state is recorded after every step of the night (`serviceView`);
   * false when it records itself (Redis) or has nothing to show.
   */
  readonly recordsEveryStep: boolean;
  /** The service's state now, for `ServiceHistory` (which drops a view that changes nothing). */
  serviceView(sim: C, lock: L): ServiceView | null;
  /** I7: the kind's settings that its library rejects or that are unsafe on their face. */
  lint(scenario: ResolvedScenario, lock: L): ViolationMessage[];
  /** True when a grant carries a fencing token (else a fencing store is lint finding F3). */
  issuesTokens(lock: L): boolean;
}
