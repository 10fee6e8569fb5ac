/**
 * One night's simulation state and its main loop (DOMAIN.md §0-§8). Owns true time, the event
 * queue, the network and the database; replicas decide through their XState actors. Process
 * level events (pause, crash, restart) live in `processEvents.ts`, the database side of each
 * request in `requestExecution.ts`, the lock service's own work in its folder under `services/`
 * (its state is `lockState`, opaque here).
 */
import type { ReplicaCommand, ReplicaEvent, ReplicaRequest } from '../machines/replicaMachine';
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { AgendaItem } from './agenda';
import { Database, type RecordSql } from './database';
import { EventClass, EventQueue } from './eventQueue';
import { FaultPlan, type LockEndpoint } from './faultPlan';
import { replicaMachineInput } from './machineInput';
import { NodeClock } from './nodeClock';
import { OutboxTable } from './outboxTable';
import { ReplicaProcess } from './replicaProcess';
import type { ServiceClient, ServiceState } from './serviceData';
import { ServiceHistory } from './serviceHistory';
import type { GrantRecord, RequestName, RunRecord, TraceEntry, Violation, WriteRecord } from './trace';

import { nextTriggerWallMs } from './triggerSchedule';
import { ZombieTracker } from './zombieTracker';

/** Bounds that turn a runaway schedule into a loud failure (TigerBeetle style). */
export const MAX_QUEUE_LENGTH = 200_000;
/**
 * At most this many queue steps per night: about 40 times the benchmark's 12-hour, 9-replica
 * night. A valid file can ask for more (polls every millisecond for two days); the night then
 * stops early and says so in `Trace.truncatedAtMs` instead of running for minutes.
 */
export const MAX_STEPS = 1_000_000;

/** How long a client waits for a reply before it gives up (DOMAIN.md §7 `partition`). */
export const REQUEST_TIMEOUT_MS = 3000;

/**
 * What the night's lock service tells the simulation it is built with: `simulate.ts` asks the
 * registry (`services/registry.ts`), which this file may not import (the services import it).
 */
export interface LockWiring {
  /** `LockService.endpoint`: where lock statements go, and what a partition cuts off. */
  readonly endpoint: LockEndpoint | null;
  /** `LockService.mintsTokenAfterLoad`, for the replicas' machine input. */
  readonly mintsTokenAfterLoad: boolean;
  /** `LockService.clockNodes`: the service's nodes with a clock of their own (`redis`). */
  readonly clockNodes: readonly string[];
  /** `LockService.createState`: the service's state at the night's start. */
  readonly state: ServiceState;
  /** `LockService.createClient` of each replica, by index: its client on the process. */
  readonly clients: readonly ServiceClient[];
}

type GrantChange = Partial<Pick<GrantRecord, 'token' | 'tokenMs' | 'untilClockMs' | 'endMs' | 'endReason'>>;
type RunChange = Partial<Pick<RunRecord, 'token' | 'endMs' | 'outcome' | 'reason'>>;

type EntryBody = TraceEntry extends infer E
  ? E extends TraceEntry
    ? Omit<E, 'atMs' | 'node' | 'localMs'>
    : never
  : never;

export class Simulation {
  /** Replaced only by `adoptEvents` (a checkpoint resumed with edited events). */
  scenario: ResolvedScenario;
  readonly queue = new EventQueue<AgendaItem>(MAX_QUEUE_LENGTH);
  readonly db: Database;
  readonly dbClock: NodeClock;
  /**
   * The lock service's state (the Redis nodes, the Lease record, the consensus cluster), plain
   * data that only the service reads; replaced when a checkpoint is restored.
   */
  lockState: ServiceState;
  /** The outbox table of the `outbox` job; null for other jobs. */
  readonly outbox: OutboxTable | null;
  readonly processes: ReplicaProcess[];
  // The append-only logs are replaced (never truncated) when a checkpoint is restored, so a
  // finished night's trace, which shares them, stays as it was (`checkpoint.ts`).
  entries: TraceEntry[] = [];
  /** What the lock service and the outbox held, change by change (the mechanism lanes). */
  readonly services = new ServiceHistory();
  /** Grant and run records are never changed in place (`changeGrant`, `changeRun`). */
  grants: GrantRecord[] = [];
  writes: WriteRecord[] = [];
  runs: RunRecord[] = [];
  violations: Violation[] = [];
  readonly zombies: ZombieTracker;
  /** True times of accepted writes per item (I3). */
  appliedAtMs: number[][];
  highestAcceptedToken: number | null = null;
  /** The grant the `shedlock` row currently records (the last successful acquire). */
  rowGrantId: number | null = null;
  nowMs = 0;
  /** Where the step budget ran out, or null. */
  truncatedAtMs: number | null = null;
  machineEventCount = 0;
  #nextMessageId = 1;
  faults: FaultPlan;
  readonly #lockEndpoint: LockEndpoint | null;
  readonly #clocks = new Map<string, NodeClock>();
  readonly #trueClock: NodeClock;

  readonly #onMachineEvent: ((replicaIndex: number, event: ReplicaEvent | null) => void) | null;

  constructor(
    scenario: ResolvedScenario,
    startMs: number,
    lockWiring: LockWiring,
    onMachineEvent: ((replicaIndex: number, event: ReplicaEvent | null) => void) | null = null,
    reuseMachineReactions = true,
  ) {
    this.scenario = scenario;
    this.#onMachineEvent = onMachineEvent;
    this.#lockEndpoint = lockWiring.endpoint;
    this.nowMs = startMs;
    this.db = new Database(scenario);
    const jumpsOf = (node: string) =>
      scenario.events.flatMap((event) =>
        event.type === 'clockJump' && event.node === node ? [{ atMs: event.atMs, byMs: event.byMs }] : [],
      );
    this.dbClock = new NodeClock(0, 0, scenario.windowFromMs, jumpsOf('db'));
    this.outbox = scenario.job.kind === 'outbox' ? new OutboxTable(scenario.job.items.length) : null;
    this.lockState = lockWiring.state;
    this.processes = scenario.replicas.map((replica) => {
      const clock = new NodeClock(
        replica.clockOffsetMs,
        replica.clockDriftPpm,
        scenario.windowFromMs,
        jumpsOf(replica.id),
      );
      const input = replicaMachineInput(scenario, replica, lockWiring.mintsTokenAfterLoad);
      const process = new ReplicaProcess(replica, clock, input, reuseMachineReactions);
      process.lockClient = lockWiring.clients[replica.index] ?? null;
      return process;
    });
    this.#trueClock = new NodeClock(0, 0, scenario.windowFromMs, []);
    this.#clocks.set('db', this.dbClock);
    for (const node of lockWiring.clockNodes) {
      this.#clocks.set(node, new NodeClock(0, 0, scenario.windowFromMs, jumpsOf(node)));
    }
    for (const process of this.processes) this.#clocks.set(process.id, process.clock);
    this.zombies = new ZombieTracker(scenario.replicas.map((replica) => replica.id));
    this.appliedAtMs = scenario.job.items.map(() => []);
    this.faults = new FaultPlan(scenario, this.#lockEndpoint);
  }

  /**
   * Replaces a grant record by a copy with `change` applied. Records are never changed in
   * place: a checkpoint keeps the grants as an array of references (`checkpoint.ts`).
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

  /** The counters only the simulation sees, for a checkpoint. */
  get nextMessageIdValue(): number {
    return this.#nextMessageId;
  }

  /**
   * Resumes with `scenario`, which differs from the current one in its events only (the caller
   * checked): the fault plan is rebuilt from it, its pauses-before-write already taken kept.
   */
  adoptEvents(scenario: ResolvedScenario, nextMessageId: number, takenPauses: readonly boolean[]): void {
    this.scenario = scenario;
    this.faults = new FaultPlan(scenario, this.#lockEndpoint);
    this.faults.markPausesTaken(takenPauses);
    this.#nextMessageId = nextMessageId;
  }

  /** Starts a fresh actor for the process (night start, restart), telling the observer. */
  startActor(process: ReplicaProcess): void {
    this.#onMachineEvent?.(process.index, null);
    process.startActor();
  }

  /** Appends a trace entry on `node` at the current true time, with that node's clock reading. */
  log(node: string, body: EntryBody): void {
    // Completing the caller's fresh literal in place avoids a second object per entry; the
    // trace of a large night holds tens of thousands of them.
    const entry = body as { atMs?: number; node?: string; localMs?: number };
    entry.atMs = this.nowMs;
    entry.node = node;
    entry.localMs = this.localMsOf(node);
    this.entries.push(entry as TraceEntry);
  }

  localMsOf(node: string): number {
    const clock = this.#clocks.get(node);
    return clock ? clock.wallAt(this.nowMs) : this.nowMs;
  }

  /** The clock of a replica id or `db`; an unknown node reads true time. */
  clockOf(node: string): NodeClock {
    return this.#clocks.get(node) ?? this.#trueClock;
  }

  #sqlReplica: string | null = null;
  #sqlMessageId: number | null = null;
  #sqlSession: string | null = null;
  readonly #recordSql: RecordSql = (statement, rows, note) =>
    this.log('db', {
      kind: 'sql',
      replica: this.#sqlReplica,
      session: this.#sqlSession,
      messageId: this.#sqlMessageId,
      statement,
      rows,
      note,
    });

  /**
   * The `RecordSql` for statements run now on behalf of `replica`'s message (one shared
   * function: statements of one message are recorded before the next message is handled).
   */
  sqlRecorder(process: Pick<ReplicaProcess, 'id' | 'session'> | null, messageId: number | null): RecordSql {
    this.#sqlReplica = process?.id ?? null;
    this.#sqlSession = process?.session ?? null;
    this.#sqlMessageId = messageId;
    return this.#recordSql;
  }

  schedule(atMs: number, eventClass: 1 | 2 | 3, replicaIndex: number, item: AgendaItem): void {
    if (atMs < this.nowMs) throw new Error(`scheduling into the past: ${atMs} < ${this.nowMs}`);
    this.queue.push(atMs, eventClass, replicaIndex, item);
  }

  nextMessageId(): number {
    return this.#nextMessageId++;
  }

  isStarved(process: Pick<ReplicaProcess, 'index'>, atMs: number): { fromMs: number; toMs: number } | null {
    return this.faults.starvedSpan(process.index, atMs);
  }

  /** Delivers one event to a replica's machine, then carries out what the machine asked for. */
  sendToActor(process: ReplicaProcess, event: ReplicaEvent): void {
    const decider = process.decider;
    if (!decider) throw new Error(`event ${event.type} to a replica without an actor`);
    this.#onMachineEvent?.(process.index, event);
    const commands = decider.send(event);
    this.machineEventCount += 1;
    const activity = decider.activity;
    if (activity !== process.activity) {
      this.log(process.id, { kind: 'activity', from: process.activity, to: activity });
      process.activity = activity;
      if (activity === 'idle') this.#leftRun(process);
    }
    for (const command of commands) this.#execute(process, command);
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
    this.log(process.id, { kind: 'send', messageId, request: request.kind, to, arriveMs });
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

  /** Fires a trigger on a process that is up: starts a run when idle, else notes it. */
  fireTrigger(process: ReplicaProcess, source: 'cron' | 'poll' | 'manual', dueLocalMs: number): void {
    const ignored = process.activity !== 'idle';
    this.log(process.id, { kind: 'trigger', source, ignored, dueLocalMs });
    if (ignored) return;
    process.instantMs = this.nowMs;
    this.sendToActor(process, { type: 'TRIGGER' });
  }

  /** Schedules the replica's next cron or poll instant after the ones already fired. */
  scheduleNextTrigger(process: ReplicaProcess): void {
    const nextWallMs = nextTriggerWallMs(process.config, process.lastTriggerWallMs);
    if (nextWallMs === null) return;
    const atMs = process.clock.trueTimeWhenWallReaches(nextWallMs, this.nowMs);
    if (atMs > this.scenario.windowToMs) return;
    this.schedule(atMs, EventClass.timer, process.index, {
      kind: 'trigger',
      replica: process.index,
      generation: process.triggerGeneration,
      dueWallMs: nextWallMs,
    });
  }

  #execute(process: ReplicaProcess, command: ReplicaCommand): void {
    switch (command.type) {
      case 'request':
        if (command.request.kind === 'write' && this.#holdWriteForPause(process, command.request)) return;
        this.sendRequest(process, command.request);
        return;
      case 'work': {
        const durationMs =
          command.step === 'load'
            ? process.config.loadMs
            : command.step === 'compute'
              ? process.config.perItemMs
              : process.config.markDoneMs;
        // A step never ends before the reply that started it has arrived.
        const dueMs = Math.max(this.nowMs, process.instantMs + durationMs);
        process.workDueMs = dueMs;
        process.workGeneration += 1;
        this.schedule(dueMs, EventClass.timer, process.index, {
          kind: 'work',
          replica: process.index,
          generation: process.workGeneration,
        });
        return;
      }
      case 'run.started': {
        const run: RunRecord = {
          runId: this.runs.length,
          replica: process.id,
          token: null,
          startMs: process.instantMs,
          endMs: null,
          outcome: null,
          reason: null,
        };
        this.runs.push(run);
        process.run = run;
        return;
      }
      case 'run.ended':
        if (process.run) {
          this.changeRun(process, { endMs: process.instantMs, outcome: command.outcome, reason: command.reason });
        }
        process.run = null;
        return;
      case 'lockLost':
        this.log(process.id, { kind: 'note', text: { key: 'lockLostWarning', policy: command.policy } });
        return;
      case 'exit':
        this.onExit(process);
        return;
    }
  }

  /** Set by `processEvents` so a machine-requested exit crashes the process the same way. */
  onExit: (process: ReplicaProcess) => void = () => {
    throw new Error('onExit not wired');
  };

  /** Set by `simulate.ts`: the lock service's `runEnded` (ShedLock's keep-alive ends with the run). */
  onRunEnded: (process: ReplicaProcess) => void = () => {
    throw new Error('onRunEnded not wired');
  };

  /** `pauseBeforeWrite`: the first write of that order by that replica waits for the pause. */
  #holdWriteForPause(process: ReplicaProcess, request: Extract<ReplicaRequest, { kind: 'write' }>): boolean {
    const forMs = this.faults.takePauseBeforeWrite(process.id, this.scenario.job.items[request.itemIndex]?.order);
    if (forMs === null) return false;
    process.heldWrite = request;
    this.startPause(process, this.nowMs + forMs, 'pauseBeforeWrite');
    return true;
  }

  /** The run ended (back to idle): the replica no longer believes it holds anything. */
  #leftRun(process: ReplicaProcess): void {
    this.zombies.stoppedBelieving(process.index, this.nowMs);
    process.grantId = null;
    this.onRunEnded(process);
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
