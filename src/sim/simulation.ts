/**
 * One night's simulation: its state, the `World` (`world.ts`), in public plain-data fields, and
 * what it derives from the scenario or wires up in `runtime` (clocks, the fault plan, the
 * deciders' actors, observers), which no checkpoint holds. Its methods are the kernel's steps
 * on that state (docs/model.md §0-§8): true time, the event queue, the network; replicas decide
 * through their XState actors. Process level events (pause, crash, restart) live in
 * `processEvents.ts`, the database side of each request in `requestExecution.ts`, the lock
 * service's own work in its folder under `services/` (its state is `lockState`, opaque here).
 */
import type { ReplicaEvent, ReplicaMachineInput, ReplicaRequest } from '../machines/replicaMachine';
import type { ResolvedReplica, ResolvedScenario } from '../model/resolvedScenario';
import type { AgendaItem } from './agenda';
import type { SavedActor } from './checkpoints/actorRestore';
import { type Database, newDatabase, type RecordSql } from './database';
import { EventClass, type EventQueue, emptyQueue, pushEntry } from './eventQueue';
import type { FaultPlan, LockEndpoint } from './faultPlan';
import type { NodeClock } from './nodeClock';
import { carryOut } from './replicaCommands';
import { activityOf, ReplicaDecider } from './replicaDecider';
import { newReplicaProcess, type ReplicaProcess } from './replicaProcess';
import type { ServiceState } from './serviceData';
import { emptyServiceHistory, recordService, type ServiceHistory, type ServiceView } from './serviceHistory';
import { type LockWiring, newRuntime, type SimulationRuntime } from './simulationRuntime';
import type { GrantRecord, RequestName, RunRecord, TraceEntry, Violation, WriteRecord } from './trace';
import type { World } from './world';
import { newZombieTracker, stoppedBelieving, type ZombieTracker } from './zombieTracker';

/** Bounds that turn a runaway schedule into a loud failure (TigerBeetle style). */
export const MAX_QUEUE_LENGTH = 200_000;
/**
 * At most this many queue steps per night: about 40 times the benchmark's 12-hour, 9-replica
 * night. A valid file can ask for more (polls every millisecond for two days); the night then
 * stops early and says so in `Trace.truncatedAtMs` instead of running for minutes.
 */
export const MAX_STEPS = 1_000_000;

/** How long a client waits for a reply before it gives up (docs/model.md §7 `partition`). */
export const REQUEST_TIMEOUT_MS = 3000;

type GrantChange = Partial<Pick<GrantRecord, 'token' | 'tokenMs' | 'untilClockMs' | 'endMs' | 'endReason'>>;
type RunChange = Partial<Pick<RunRecord, 'token' | 'endMs' | 'outcome' | 'reason'>>;

type EntryBody = TraceEntry extends infer E
  ? E extends TraceEntry
    ? Omit<E, 'atMs' | 'node' | 'localMs'>
    : never
  : never;

export class Simulation implements World {
  /** The night's configuration (input, not state: a checkpoint restores into a simulation of an edited one). */
  readonly scenario: ResolvedScenario;
  readonly runtime: SimulationRuntime;

  nowMs = 0;
  truncatedAtMs: number | null = null;
  machineEventCount = 0;
  nextFreeMessageId = 1;
  queue: EventQueue<AgendaItem> = emptyQueue();
  // These six and `db`, `lockState` are set by the constructor: made for the night's start, or
  // taken from the World the simulation starts in (`Object.assign`, which TypeScript does not follow).
  processes!: ReplicaProcess[];
  zombies!: ZombieTracker;
  services: ServiceHistory = emptyServiceHistory();
  takenPauses!: boolean[];
  appliedAtMs!: number[][];
  highestAcceptedToken: number | null = null;
  rowGrantId: number | null = null;
  // The append-only logs are replaced (never truncated) when a checkpoint is restored, so a
  // finished night's trace, which shares them, stays as it was (`world.ts`).
  entries: TraceEntry[] = [];
  /** Grant and run records are never changed in place (`changeGrant`, `changeRun`). */
  grants: GrantRecord[] = [];
  writes: WriteRecord[] = [];
  runs: RunRecord[] = [];
  violations: Violation[] = [];
  db!: Database;
  /**
   * The lock service's state (the Redis nodes, the Lease record, the consensus cluster), plain
   * data that only the service reads; replaced when a checkpoint is restored.
   */
  lockState!: ServiceState;
  /**
   * The job's own tables (`Job.createState`, plain data: e.g. the outbox table); null for a job
   * that keeps none. Set by `newSimulation` (the job registry is not imported here).
   */
  jobState: unknown = null;
  /** False for a verdict-only night (`SimulateOptions.verdictOnly`): no entries, no service lanes (never read back). */
  keepsEntries = true;

  constructor(
    scenario: ResolvedScenario,
    startMs: number,
    lockWiring: LockWiring,
    onMachineEvent: ((replicaIndex: number, event: ReplicaEvent | null) => void) | null = null,
    reuseMachineReactions = true,
    /**
     * The state to start in (a checkpoint's copy, the caller's own), or null for the night's
     * start. A restore used to build the start's state and then replace all of it: in
     * `leaseline verify`, which restores hundreds of thousands of times, that was a tenth of
     * what it allocated.
     */
    world: World | null = null,
  ) {
    this.scenario = scenario;
    this.nowMs = startMs;
    this.runtime = newRuntime(
      scenario,
      lockWiring,
      onMachineEvent,
      reuseMachineReactions,
      () => this.nowMs,
      (entry) => this.append(entry),
      () => this.keepsEntries,
    );
    if (world !== null) {
      Object.assign(this, world);
      return;
    }
    this.db = newDatabase(scenario);
    this.lockState = lockWiring.state;
    this.processes = scenario.replicas.map((replica) =>
      newReplicaProcess(replica, lockWiring.clients[replica.index] ?? null),
    );
    this.zombies = newZombieTracker(scenario.replicas.map((replica) => replica.id));
    this.appliedAtMs = scenario.job.items.map(() => []);
    this.takenPauses = this.runtime.faults.noPausesTaken();
  }

  get dbClock(): NodeClock {
    return this.runtime.dbClock;
  }

  get faults(): FaultPlan {
    return this.runtime.faults;
  }

  /** The replica's clock (the scenario's: offset, drift, jumps). */
  replicaClock(process: Pick<ReplicaProcess, 'index'>): NodeClock {
    return this.runtime.replicaClocks[process.index] as NodeClock;
  }

  /** The replica's configuration in the scenario. */
  replicaConfig(process: Pick<ReplicaProcess, 'index'>): ResolvedReplica {
    return this.scenario.replicas[process.index] as ResolvedReplica;
  }

  /**
   * Replaces a grant record by a copy with `change` applied. Records are never changed in
   * place: a checkpoint keeps the grants as an array of references (`checkpoints/checkpoint.ts`).
   */
  changeGrant(grant: GrantRecord, change: GrantChange): GrantRecord {
    const next: GrantRecord = { ...grant, ...change };
    this.grants[grant.grantId] = next;
    return next;
  }

  /** Replaces the process's current run record by a copy with `change` applied (see `changeGrant`). */
  changeRun(process: ReplicaProcess, change: RunChange): void {
    const run = process.run;
    if (!run) return;
    const next: RunRecord = { ...run, ...change };
    this.runs[run.runId] = next;
    process.run = next;
  }

  /** Starts a fresh machine in `idle` for the process (night start, restart), telling the observer. */
  startActor(process: ReplicaProcess): void {
    this.runtime.onMachineEvent?.(process.index, null);
    if (process.decider) this.runtime.deciders[process.index]?.stop(process.decider);
    const { state, decider } = ReplicaDecider.start(
      this.runtime.machineInputs[process.index] as ReplicaMachineInput,
      this.runtime.reuseMachineReactions,
    );
    process.decider = state;
    this.runtime.deciders[process.index] = decider;
    process.activity = 'idle';
  }

  /** The process loses its machine (a crash or exit). */
  stopActor(process: ReplicaProcess): void {
    if (process.decider) this.runtime.deciders[process.index]?.stop(process.decider);
    this.runtime.deciders[process.index] = null;
    process.decider = null;
    process.activity = 'idle';
  }

  /**
   * Rebuilds each process's actor and memo beside its restored decider state, the actor from
   * its persisted snapshot (`checkpoints/checkpoint.ts`).
   */
  restoreDeciders(savedActors: readonly (SavedActor | null)[]): void {
    this.processes.forEach((process, index) => {
      // A decider built before the restore belongs to state that is gone: its actor stops.
      this.runtime.deciders[index]?.stopActorOnly();
      this.runtime.deciders[index] = process.decider
        ? ReplicaDecider.restore(
            this.runtime.machineInputs[index] as ReplicaMachineInput,
            process.decider,
            savedActors[index] ?? null,
          )
        : null;
    });
  }

  /** The running actors' persisted snapshots, by replica (null where none runs). */
  savedActors(): (SavedActor | null)[] {
    return this.runtime.deciders.map((decider) => decider?.savedActor() ?? null);
  }

  /** Records what a service holds now (a lane's change; one that changes nothing is dropped). */
  recordServiceView(atMs: number, view: ServiceView): void {
    if (!this.keepsEntries) return;
    recordService(this.services, atMs, view);
  }

  /** Appends a trace entry on `node` at the current true time, with that node's clock reading. */
  log(node: string, body: EntryBody): void {
    if (!this.keepsEntries) return;
    // Completing the caller's fresh literal in place avoids a second object per entry; the
    // trace of a large night holds tens of thousands of them.
    const entry = body as { atMs?: number; node?: string; localMs?: number };
    entry.atMs = this.nowMs;
    entry.node = node;
    entry.localMs = this.localMsOf(node);
    this.entries.push(entry as TraceEntry);
  }

  /**
   * Appends an entry its caller built whole, stamp last (`atMs`, `node`, `localMs`, the order
   * `log` gives): the hot entries of a night (activity, send, trigger, sql) are built this way,
   * since adding three fields to a finished literal gives it a second store and took about a
   * third of a large night's time. The caller checks `keepsEntries`.
   */
  append(entry: TraceEntry): void {
    this.entries.push(entry);
  }

  /** A replica's own clock reading now (`localMsOf(process.id)` without the lookup by name). */
  replicaLocalMs(process: ReplicaProcess): number {
    return (this.runtime.replicaClocks[process.index] as NodeClock).wallAt(this.nowMs);
  }

  localMsOf(node: string): number {
    const clock = this.runtime.clocks.get(node);
    return clock ? clock.wallAt(this.nowMs) : this.nowMs;
  }

  /** The clock of a replica id or `db`; an unknown node reads true time. */
  clockOf(node: string): NodeClock {
    return this.runtime.clocks.get(node) ?? this.runtime.trueClock;
  }

  /**
   * The `RecordSql` for statements run now on behalf of `replica`'s message (one shared
   * function: statements of one message are recorded before the next message is handled).
   */
  sqlRecorder(process: Pick<ReplicaProcess, 'id' | 'session'> | null, messageId: number | null): RecordSql {
    const sql = this.runtime.sql;
    sql.replica = process?.id ?? null;
    sql.session = process?.session ?? null;
    sql.messageId = messageId;
    return this.runtime.recordSql;
  }

  schedule(atMs: number, eventClass: 1 | 2 | 3, replicaIndex: number, item: AgendaItem): void {
    if (atMs < this.nowMs) throw new Error(`scheduling into the past: ${atMs} < ${this.nowMs}`);
    pushEntry(this.queue, MAX_QUEUE_LENGTH, atMs, eventClass, replicaIndex, item);
  }

  nextMessageId(): number {
    return this.nextFreeMessageId++;
  }

  isStarved(process: Pick<ReplicaProcess, 'index'>, atMs: number): { fromMs: number; toMs: number } | null {
    return this.faults.starvedSpan(process.index, atMs);
  }

  /** Delivers one event to a replica's machine, then carries out what the machine asked for. */
  sendToActor(process: ReplicaProcess, event: ReplicaEvent): void {
    const state = process.decider;
    const decider = this.runtime.deciders[process.index];
    if (!state || !decider) throw new Error(`event ${event.type} to a replica without an actor`);
    this.runtime.onMachineEvent?.(process.index, event);
    const commands = decider.send(state, event);
    this.machineEventCount += 1;
    const activity = activityOf(state);
    if (activity !== process.activity) {
      // Guarded here too: a verdict-only night (`leaseline verify`) then builds no entry at all.
      if (this.keepsEntries) {
        this.append({
          kind: 'activity',
          from: process.activity,
          to: activity,
          atMs: this.nowMs,
          node: process.id,
          localMs: this.replicaLocalMs(process),
        });
      }
      process.activity = activity;
      if (activity === 'idle') this.#leftRun(process);
    }
    for (const command of commands) carryOut(this, process, command);
  }

  /** Sends a replica's request to the database; it arrives `latencyMs` after the replica's instant. */
  sendRequest(process: ReplicaProcess, request: ReplicaRequest): void {
    const extraMs =
      request.kind === 'write'
        ? this.faults.writeDelayMs(process.id, this.scenario.job.items[request.itemIndex]?.order)
        : 0;
    const arriveMs = process.instantMs + process.latencyMs + extraMs;
    const messageId = this.nextMessageId();
    const to = this.serviceOf(request.kind);
    if (this.keepsEntries) {
      this.append({
        kind: 'send',
        messageId,
        request: request.kind,
        to,
        arriveMs,
        atMs: this.nowMs,
        node: process.id,
        localMs: this.replicaLocalMs(process),
      });
    }
    if (this.isPartitioned(process, to, arriveMs)) {
      // Lost in the partition: the client gives up after its request timeout.
      this.schedule(process.instantMs + REQUEST_TIMEOUT_MS, EventClass.delivery, process.index, {
        kind: 'requestTimeout',
        replica: process.index,
        incarnation: process.incarnation,
        messageId,
        request,
      });
      return;
    }
    this.schedule(arriveMs, EventClass.delivery, process.index, {
      kind: 'request',
      replica: process.index,
      incarnation: process.incarnation,
      messageId,
      request,
      sentInstantMs: process.instantMs,
      extraMs,
    });
  }

  serviceOf(request: RequestName): LockEndpoint {
    return this.faults.serviceOf(request);
  }

  isPartitioned(process: Pick<ReplicaProcess, 'index'>, service: LockEndpoint, atMs: number): boolean {
    return this.faults.isPartitioned(process.index, service, atMs);
  }

  /** A machine-requested exit: crashes the process (`runtime.onExit`, wired by `newSimulation`). */
  onExit(process: ReplicaProcess): void {
    this.runtime.onExit(process);
  }

  /** The run ended (back to idle): the replica no longer believes it holds anything. */
  #leftRun(process: ReplicaProcess): void {
    stoppedBelieving(this.zombies, process.index, this.nowMs);
    process.grantId = null;
    this.runtime.onRunEnded(process);
  }

  /** Pauses a process until `untilMs` (or extends a pause already running). */
  startPause(process: ReplicaProcess, untilMs: number, cause: 'pause' | 'pauseBeforeWrite'): void {
    if (process.proc === 'down') return;
    if (process.proc === 'paused') {
      if (untilMs > process.pausedUntilMs) {
        process.pausedUntilMs = untilMs;
        this.schedule(untilMs, EventClass.environment, process.index, { kind: 'pauseEnd', replica: process.index });
      }
      return;
    }
    process.proc = 'paused';
    process.pausedUntilMs = untilMs;
    // Work timers are CPU work: they stop with the process and keep their remaining time.
    if (process.workDueMs !== null) {
      process.workRemainingMs = process.workDueMs - this.nowMs;
      process.workDueMs = null;
      process.workGeneration += 1;
    }
    this.log(process.id, { kind: 'process', state: 'paused', cause });
    this.schedule(untilMs, EventClass.environment, process.index, { kind: 'pauseEnd', replica: process.index });
  }
}
