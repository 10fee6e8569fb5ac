/**
 * `simulate(scenario)`: runs one night and returns its trace. Pure and deterministic: no wall
 * clock, no randomness, the same scenario gives a byte-identical trace.
 */
import type { ReplicaEvent } from '../machines/replicaMachine';
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { AgendaItem } from './agenda';
import { lintConfiguration } from './configLint';
import { EventClass, peekAtMs, popEntry } from './eventQueue';
import {
  checkExclusivity,
  doubleApplyViolations,
  resolveIntendedEnds,
  tokenOrderViolations,
  zombieViolations,
} from './invariants';
import { jobOf } from './jobs/registry';
import { missedWork } from './liveness';
import type { PendingReply } from './pendingReply';
import {
  crash,
  expireLock,
  killSession,
  manualTrigger,
  restart,
  resume,
  scheduleNextTrigger,
  triggerDue,
  workDone,
} from './processEvents';
import { processAt } from './replicaProcess';
import { answerRequest, executeRequest, requestTimedOut } from './requestExecution';
import { sortedChanges } from './serviceHistory';
import { lockServiceOf } from './services/registry';
import { recordServiceViews, tracksServiceSteps } from './serviceViews';
import { MAX_STEPS, Simulation } from './simulation';
import { unsupportedFeatures } from './supportedFeatures';
import type { Trace, Violation } from './trace';
import type { World } from './world';
import { finishZombies } from './zombieTracker';

/** Optional observers; the benchmark uses them to replay the same events into bare actors. */
export interface SimulateOptions {
  /** Called before each event goes to a replica's actor; `null` marks a fresh actor (start, restart). */
  readonly onMachineEvent?: (replicaIndex: number, event: ReplicaEvent | null) => void;
  /**
   * Replay the replica machine's remembered reactions instead of asking its actor again
   * (`reactionMemo.ts`; default true). Off, every event goes through an XState actor: the
   * plain path the property tests compare the default against, trace for trace.
   */
  readonly reuseMachineReactions?: boolean;
  /**
   * Run for the verdict alone (`leaseline verify`): the trace comes back without entries and
   * service lanes, which nothing in the engine reads; its violations, grants, writes and runs
   * are those of a full run (`tests/verdictOnly.property.test.ts`). Default false.
   */
  readonly verdictOnly?: boolean;
}

/** Runs the night. Throws only for a scenario `unsupportedFeatures()` would have refused. */
export function simulate(scenario: ResolvedScenario, options: SimulateOptions = {}): Trace {
  const { sim } = startNight(scenario, options);
  runLoop(sim, { fromStep: 0, boundaryMs: sim.nowMs, resumed: false, atBoundary: null });
  return finish(sim);
}

/** A night set up to run: where its user events sit in the queue's insertion order. */
export interface StartedNight {
  readonly sim: Simulation;
  /** The queue `seq` of the first user event (`environmentItems`); they take the next ones in order. */
  readonly environmentSeqFrom: number;
}

/** Builds the night and schedules its start: lint findings, actors, first triggers, electors, user events. */
export function startNight(scenario: ResolvedScenario, options: SimulateOptions = {}): StartedNight {
  const unsupported = unsupportedFeatures(scenario);
  if (unsupported.length > 0) throw new Error(`cannot simulate: ${unsupported.map((u) => u.message).join('; ')}`);
  const startMs = simulationStartMs(scenario);
  const sim = newSimulation(scenario, startMs, options);
  const lock = scenario.lock;
  lockServiceOf(lock).nightStarted(sim, lock);
  sim.violations.push(...lintViolations(scenario));
  for (const process of sim.processes) {
    sim.startActor(process);
    process.instantMs = startMs;
    scheduleNextTrigger(sim, process);
    lockServiceOf(lock).replicaStarted(sim, process, lock);
  }
  const environmentSeqFrom = sim.queue.nextSeq;
  for (const { atMs, replicaIndex, item } of environmentItems(scenario)) {
    sim.schedule(atMs, EventClass.environment, replicaIndex, item);
  }
  return { sim, environmentSeqFrom };
}

/**
 * A simulation of `scenario` whose night starts at `startMs`: in its start's state with nothing
 * scheduled yet (`startNight` fills it), or in `world`, a restored checkpoint's state
 * (`checkpoints/checkpoint.ts`), which the simulation takes as its own.
 */
export function newSimulation(
  scenario: ResolvedScenario,
  startMs: number,
  options: SimulateOptions = {},
  world: World | null = null,
): Simulation {
  const lock = scenario.lock;
  const service = lockServiceOf(lock);
  const wiring = {
    endpoint: service.endpoint,
    mintsTokenAfterLoad: service.mintsTokenAfterLoad(lock),
    clockNodes: service.clockNodes,
    // A restored World holds the service's state and clients already.
    state: world === null ? service.createState(scenario, lock) : world.lockState,
    clients: world === null ? scenario.replicas.map((replica) => service.createClient(replica, lock)) : [],
  };
  const sim = new Simulation(
    scenario,
    startMs,
    wiring,
    options.onMachineEvent ?? null,
    options.reuseMachineReactions ?? true,
    world,
  );
  if (world === null) sim.jobState = jobOf(scenario.job.kind).createState(scenario);
  sim.keepsEntries = options.verdictOnly !== true;
  sim.runtime.onExit = (process) => crash(sim, process, 'exit');
  sim.runtime.onRunEnded = (process) => service.runEnded(process, lock);
  return sim;
}

/** I7: the configuration's findings, recorded before the night starts. */
export function lintViolations(scenario: ResolvedScenario): Violation[] {
  return lintConfiguration(scenario).map((message) => ({ invariant: 'I7', atMs: scenario.windowFromMs, message }));
}

/**
 * The night starts at the window, or earlier when a replica's clock is ahead and its cron
 * fires before the window opens, or when an event is placed before it.
 */
export function simulationStartMs(scenario: ResolvedScenario): number {
  let startMs = scenario.windowFromMs;
  for (const replica of scenario.replicas) {
    // A clock running ahead reaches the cron instant before true time does; a drifting one
    // gets a minute of margin (drift is at most a few hundred ppm over a night).
    const aheadMs = Math.max(0, replica.clockOffsetMs) + (replica.clockDriftPpm !== 0 ? 60_000 : 0);
    startMs = Math.min(startMs, replica.triggerAtMs - aheadMs);
  }
  for (const event of scenario.events) {
    if ('atMs' in event) startMs = Math.min(startMs, event.atMs);
    if ('fromMs' in event) startMs = Math.min(startMs, event.fromMs);
  }
  return Math.min(startMs, scenario.windowFromMs);
}

/** A user-placed event as the queue holds it. */
export interface EnvironmentItem {
  readonly atMs: number;
  readonly replicaIndex: number;
  readonly item: AgendaItem;
}

/** The agenda items of the scenario's user-placed events, in the order they are scheduled at the start. */
export function environmentItems(scenario: ResolvedScenario): EnvironmentItem[] {
  const lock = scenario.lock;
  const service = lockServiceOf(lock);
  const indexOf = new Map(scenario.replicas.map((replica) => [replica.id, replica.index]));
  const items: EnvironmentItem[] = [];
  const env = (atMs: number, replicaIndex: number, item: AgendaItem) => items.push({ atMs, replicaIndex, item });
  for (const event of scenario.events) {
    const replica = 'replica' in event ? (indexOf.get(event.replica) ?? -1) : -1;
    switch (event.type) {
      case 'pause':
        env(event.atMs, replica, { kind: 'pauseStart', replica, untilMs: event.atMs + event.forMs, cause: 'pause' });
        break;
      case 'crash':
        env(event.atMs, replica, { kind: 'crash', replica });
        break;
      case 'restart':
        env(event.atMs, replica, { kind: 'restart', replica });
        break;
      case 'clockJump':
        env(event.atMs, indexOf.get(event.node) ?? -1, { kind: 'clockJump', node: event.node, byMs: event.byMs });
        break;
      case 'expireLock':
        env(event.atMs, -1, { kind: 'expireLock' });
        break;
      case 'trigger':
        env(event.atMs, replica, { kind: 'manualTrigger', replica });
        break;
      case 'killSession':
        env(event.atMs, replica, { kind: 'killSession', replica });
        break;
      // Read by the simulation as the replica acts: pauseBeforeWrite, delayWrite, starveRenewer.
      case 'pauseBeforeWrite':
      case 'delayWrite':
      case 'starveRenewer':
      case 'partition':
        break;
      default: {
        // An event the lock service carries out itself (Redis's failover).
        const payload = service.eventPayload(event, lock);
        if (payload) env(event.atMs, replica, { kind: 'service', payload });
        break;
      }
    }
  }
  return items;
}

export interface RunFrom {
  /** Steps already taken (a resumed checkpoint's), counted against `MAX_STEPS`. */
  readonly fromStep: number;
  /** Every event before this has run, none at or after it (the night's start, or a checkpoint's). */
  readonly boundaryMs: number;
  /** True when resuming a checkpoint: the services' state at that point is already recorded. */
  readonly resumed: boolean;
  /**
   * Called between steps when every event before `boundaryMs` has run and none at or after
   * it has (the next event is at a later millisecond than the last): where checkpoints can be taken.
   */
  readonly atBoundary: ((boundaryMs: number, nextMs: number, step: number) => void) | null;
  /**
   * Also called at boundaries (after `atBoundary`); true stops the run there, before the next
   * step (`leaseline verify` stops a night whose future it already knows; a re-run that meets
   * the night it was edited from takes that night's tail, `checkpoints/tailReuse.ts`).
   */
  readonly stopAt?: ((boundaryMs: number, nextMs: number, step: number) => boolean) | null;
  /** Told how many steps the night took, when it ran to the end (or to the step budget). */
  readonly onEnd?: ((step: number) => void) | null;
}

/**
 * Runs the queue until the window's end (or the step budget). Returns the boundary where
 * `stopAt` stopped it, or null when it ran to the end.
 */
export function runLoop(sim: Simulation, from: RunFrom): number | null {
  const endMs = sim.scenario.windowToMs;
  const recordsServices = sim.keepsEntries && tracksServiceSteps(sim);
  if (recordsServices && !from.resumed) recordServiceViews(sim);
  const atBoundary = from.atBoundary;
  const stopAt = from.stopAt ?? null;
  let lastMs = from.boundaryMs - 1;
  let step = from.fromStep;
  for (; ; step++) {
    const nextMs = peekAtMs(sim.queue);
    if (nextMs === null || nextMs >= endMs) break;
    if (step >= MAX_STEPS) {
      sim.truncatedAtMs = nextMs;
      from.onEnd?.(step);
      return null;
    }
    if (nextMs > lastMs) {
      if (atBoundary !== null) atBoundary(lastMs + 1, nextMs, step);
      if (stopAt?.(lastMs + 1, nextMs, step)) return lastMs + 1;
    }
    const scheduled = popEntry(sim.queue);
    if (!scheduled) break;
    sim.nowMs = scheduled.atMs;
    lastMs = scheduled.atMs;
    dispatch(sim, scheduled.item);
    if (recordsServices) recordServiceViews(sim);
  }
  sim.nowMs = endMs;
  from.onEnd?.(step);
  return null;
}

/** The one place an agenda item (plain data) is mapped to the code that carries it out. */
function dispatch(sim: Simulation, item: AgendaItem): void {
  if (item.kind === 'clockJump') {
    sim.log(item.node, { kind: 'clockJump', byMs: item.byMs });
    return;
  }
  if (item.kind === 'expireLock') {
    expireLock(sim);
    return;
  }
  if (item.kind === 'service') {
    const lock = sim.scenario.lock;
    const owed = lockServiceOf(lock).handle(sim, item.payload, lock);
    if (owed) answerRequest(sim, owed.pending, owed.reply);
    return;
  }
  if (item.kind === 'job') {
    const answer = (pending: PendingReply, reply: ReplicaEvent) => answerRequest(sim, pending, reply);
    jobOf(sim.scenario.job.kind).step(sim, sim.jobState, item.step, answer);
    return;
  }
  const process = processAt(sim, item.replica, 'agenda item');
  switch (item.kind) {
    case 'pauseStart':
      sim.startPause(process, item.untilMs, 'pause');
      return;
    case 'pauseEnd':
      resume(sim, process);
      return;
    case 'crash':
      crash(sim, process, 'crash');
      return;
    case 'restart':
      restart(sim, process);
      return;
    case 'manualTrigger':
      manualTrigger(sim, process);
      return;
    case 'killSession':
      killSession(sim, process);
      return;
    case 'request':
      executeRequest(sim, process, item);
      return;
    case 'requestTimeout':
      requestTimedOut(sim, process, item);
      return;
    case 'work':
      workDone(sim, process, item.generation);
      return;
    case 'trigger':
      triggerDue(sim, process, item.generation, item.dueWallMs);
      return;
  }
}

/** Closes the night: open zombie windows, what the lock service still owes (Redis replication), the invariants checked at the end. */
export function finish(sim: Simulation): Trace {
  const scenario = sim.scenario;
  const endMs = scenario.windowToMs;
  finishZombies(sim.zombies, sim.truncatedAtMs ?? endMs);
  lockServiceOf(scenario.lock).nightEnded(sim, sim.truncatedAtMs ?? endMs);
  const grants = resolveIntendedEnds(sim.grants, (node) => sim.clockOf(node));
  const violations: Violation[] = [
    ...sim.violations,
    ...checkExclusivity(grants),
    ...zombieViolations(sim.zombies.windows),
    ...doubleApplyViolations(
      scenario.job.items.map((item) => item.order),
      sim.appliedAtMs,
      jobOf(scenario.job.kind).duplicateUnit,
    ),
    ...tokenOrderViolations(grants),
  ];
  const missed = missedWork(sim);
  if (missed) violations.push({ invariant: 'I6', atMs: endMs, message: missed });
  violations.sort((a, b) => a.atMs - b.atMs || a.invariant.localeCompare(b.invariant));
  return {
    windowFromMs: scenario.windowFromMs,
    windowToMs: endMs,
    replicaIds: scenario.replicas.map((replica) => replica.id),
    entries: sim.entries,
    grants,
    writes: sim.writes,
    runs: sim.runs,
    zombieWindows: sim.zombies.windows,
    violations,
    appliedCount: [...sim.db.appliedCount],
    balanceDeltaCents: [...sim.db.balanceDeltaCents],
    runDone: sim.db.runDone,
    machineEventCount: sim.machineEventCount,
    truncatedAtMs: sim.truncatedAtMs,
    services: sortedChanges(sim.services),
  };
}
