/**
 * Incremental re-simulation: a night that kept checkpoints re-runs an edit of its events from
 * the last checkpoint before the earliest instant the edit can affect, and its trace is
 * byte-identical to `simulate()` of the edited scenario (the property in
 * `tests/resimulate.property.test.ts`). Anything else that changed, or an event whose effect is
 * not bounded by its time, makes it a full run.
 */
import type { ResolvedScenario } from '../../model/resolvedScenario';
import type { AgendaItem } from '../agenda';
import { EventClass, type Scheduled } from '../eventQueue';
import {
  type EnvironmentItem,
  environmentItems,
  finish,
  lintViolations,
  newSimulation,
  runLoop,
  type SimulateOptions,
  startNight,
} from '../simulate';
import type { Simulation } from '../simulation';
import type { Trace, Violation } from '../trace';
import { copyWorld, type World } from '../world';
import { type Checkpoint, checkpointsUpTo, restoreCheckpoint, takeCheckpoint } from './checkpoint';
import { appendedReachMs, earliestAffectedMs, latestQueuedEditMs } from './editReach';
import { futureKeyOf } from './futureKey';
import { joinTail, type NightEnd, type TailSource, tailWatch } from './tailReuse';

/** At most this many checkpoints per night, evenly spread over its time (plus the start). */
export const CHECKPOINTS_PER_NIGHT = 48;

/** What a night and the nights re-simulated from it share: how they were built and their grid. */
interface Engine {
  readonly environmentSeqFrom: number;
  readonly options: SimulateOptions;
  readonly intervalMs: number;
  readonly startMs: number;
}

/** A simulated night that can be re-simulated: its trace and its checkpoints. */
export interface CheckpointedNight {
  readonly scenario: ResolvedScenario;
  readonly trace: Trace;
  readonly checkpoints: readonly Checkpoint[];
  /** Where this night's run began: the start, or the checkpoint `resimulate` restored. */
  readonly resumedFromMs: number | null;
  /**
   * Where a re-run took the rest of the night from the night it was edited from
   * (`reuseTail`): the instant their states met; null when it ran to the end itself.
   */
  readonly joinedAtMs: number | null;
  /** Internal: the state after the last step, for re-runs to join (null when the night was cut short). */
  readonly end: NightEnd | null;
  /** Internal: what a fresh simulation restoring one of the checkpoints is built with. */
  readonly engine: Engine;
}

/** The queue number of the night's first user event (`futureKey.ts` tells them from the engine's own entries). */
export function environmentSeqFromOf(night: CheckpointedNight): number {
  return night.engine.environmentSeqFrom;
}

/** Where checkpoints are taken: one holding the state at `startMs`, then every `intervalMs`. */
export interface CheckpointGrid {
  readonly startMs: number;
  readonly intervalMs: number;
}

/**
 * `simulate()`, keeping checkpoints for `resimulate`. The trace is the same. By default about
 * `CHECKPOINTS_PER_NIGHT` of them, evenly spread; `grid` asks for one holding the state at each
 * of its instants instead (`leaseline verify` re-runs a night from exactly its fault's instant).
 */
export function simulateWithCheckpoints(
  scenario: ResolvedScenario,
  options: SimulateOptions = {},
  grid?: CheckpointGrid,
): CheckpointedNight {
  const { sim, environmentSeqFrom } = startNight(scenario, options);
  const startMs = grid?.startMs ?? sim.nowMs;
  const intervalMs =
    grid?.intervalMs ?? Math.max(1, Math.ceil((scenario.windowToMs - startMs) / CHECKPOINTS_PER_NIGHT));
  const engine: Engine = { environmentSeqFrom, options, intervalMs, startMs };
  return run(engine, sim, scenario, [], { fromStep: 0, boundaryMs: startMs, resumed: false });
}

/** How `resimulate` re-runs. */
export interface ResimulateOptions {
  /** Take checkpoints past the one restored (default true); a night not re-simulated from saves their copying. */
  readonly keepCheckpoints?: boolean;
  /**
   * Past the edit, compare the re-run's state with `previous`'s at each of its checkpoints,
   * and take the rest of `previous` from the first that is equal (`tailReuse.ts`; default
   * false). A drag's next move is re-simulated from this move's night.
   */
  readonly reuseTail?: boolean;
  /**
   * The edit appends this many events to `previous`'s and changes nothing else (`leaseline
   * verify`'s nights): its reach is read off them (`appendedReachMs`) instead of comparing
   * every event. Unset, the two scenarios are compared.
   */
  readonly appendedCount?: number;
}

/**
 * The night of `next`, re-using `previous`'s checkpoints where the edit cannot have changed
 * anything yet, and with `reuseTail` its tail where the edit no longer changes anything.
 * `previous` stays valid: it can be re-simulated again.
 */
export function resimulate(
  previous: CheckpointedNight,
  next: ResolvedScenario,
  { keepCheckpoints = true, reuseTail = false, appendedCount }: ResimulateOptions = {},
): CheckpointedNight {
  const reachMs = reachOfEdit(previous, next, appendedCount);
  if (reachMs === null) return simulateWithCheckpoints(next, previous.engine.options);
  if (reachMs === Number.POSITIVE_INFINITY) return { ...previous, scenario: next };
  const restored = restoredBefore(previous, next, reachMs);
  if (!restored) return simulateWithCheckpoints(next, previous.engine.options);
  const { sim, chosen, kept, environmentCount } = restored;
  // The checkpoints kept are valid for `next` too: nothing before them differs. Up to `reachMs`
  // only: `next` may have a step there that `previous` had not.
  const keptCheckpoints = previous.checkpoints
    .slice(0, kept)
    .map((checkpoint) => (checkpoint.holdsUntilMs <= reachMs ? checkpoint : { ...checkpoint, holdsUntilMs: reachMs }));
  const afterMs = reuseTail && previous.end !== null ? latestQueuedEditMs(previous.scenario, next) : null;
  return run(previous.engine, sim, next, keptCheckpoints, {
    fromStep: chosen.step,
    boundaryMs: chosen.boundaryMs,
    resumed: true,
    environmentCount,
    keepCheckpoints,
    tail:
      afterMs !== null && previous.end !== null
        ? { source: { checkpoints: previous.checkpoints, end: previous.end }, afterMs }
        : null,
  });
}

/** A night's state at a grid instant, read in place while it runs (`RunWatch`). */
export interface LiveState {
  readonly world: World;
  /** `futureKey.ts`'s key of this state (its user events left out, as for a checkpoint). */
  key(): string;
}

/** Asked at the grid instants of a re-run after `afterMs` (the first of each gap between two steps). */
export interface RunWatch {
  readonly afterMs: number;
  /** True stops the run: the caller knows the future of the night's state at `instantMs`. */
  readonly mergesAt: (instantMs: number, live: LiveState) => boolean;
}

/** A watched re-run: the whole night's trace, or where it stopped and what it had found so far. */
export type WatchedRun =
  | { readonly stoppedAtMs: null; readonly trace: Trace }
  | { readonly stoppedAtMs: number; readonly violations: readonly Violation[] };

/**
 * `resimulate` with no checkpoints kept, stopping at the first grid instant where `watch`
 * knows the rest (`leaseline verify`: a night whose state there equals a night already
 * judged). Run to the end, it gives the trace `resimulate` would.
 */
export function resimulateWatched(
  previous: CheckpointedNight,
  next: ResolvedScenario,
  watch: RunWatch,
  appendedCount?: number,
): WatchedRun {
  const reachMs = reachOfEdit(previous, next, appendedCount);
  const restored =
    reachMs === null || reachMs === Number.POSITIVE_INFINITY ? null : restoredBefore(previous, next, reachMs);
  if (!restored) {
    return { stoppedAtMs: null, trace: resimulate(previous, next, { keepCheckpoints: false, appendedCount }).trace };
  }
  const { sim, chosen, environmentCount } = restored;
  const engine = previous.engine;
  const live: LiveState = {
    world: sim,
    key: () => futureKeyOf(sim, sim.savedActors(), engine.environmentSeqFrom, environmentCount),
  };
  const stoppedAtMs = runLoop(sim, {
    fromStep: chosen.step,
    boundaryMs: chosen.boundaryMs,
    resumed: true,
    atBoundary: null,
    stopAt: (boundaryMs, nextMs) => {
      const instantMs = Math.max(gridAtOrAfter(engine, boundaryMs), gridAfter(engine, watch.afterMs));
      return instantMs <= nextMs && watch.mergesAt(instantMs, live);
    },
  });
  if (stoppedAtMs !== null) return { stoppedAtMs, violations: sim.violations };
  return { stoppedAtMs: null, trace: finish(sim) };
}

/** How far back the edit from `previous` to `next` reaches (`editReach.ts`). */
function reachOfEdit(previous: CheckpointedNight, next: ResolvedScenario, appendedCount: number | undefined) {
  return appendedCount === undefined
    ? earliestAffectedMs(previous.scenario, next)
    : appendedReachMs(previous.scenario, next, appendedCount);
}

/** A new simulation of `next` in the last of `previous`'s checkpoints before `reachMs`, or null when none is. */
function restoredBefore(previous: CheckpointedNight, next: ResolvedScenario, reachMs: number) {
  const kept = checkpointsUpTo(previous.checkpoints, reachMs);
  const chosen = previous.checkpoints[kept - 1];
  if (!chosen) return null;
  // A checkpoint is plain data: it restores into a new simulation, and `previous` keeps its own.
  const items = environmentItems(next);
  const sim = restoreCheckpoint(chosen, resumptionOf(previous.engine, chosen, next, items), (world) =>
    newSimulation(next, previous.engine.startMs, previous.engine.options, world),
  );
  return { sim, chosen, kept, environmentCount: items.length };
}

function run(
  engine: Engine,
  sim: Simulation,
  scenario: ResolvedScenario,
  kept: Checkpoint[],
  from: {
    fromStep: number;
    boundaryMs: number;
    resumed: boolean;
    environmentCount?: number;
    keepCheckpoints?: boolean;
    tail?: { readonly source: TailSource; readonly afterMs: number } | null;
  },
): CheckpointedNight {
  let checkpoints = kept;
  const environmentCount = from.environmentCount ?? environmentItems(scenario).length;
  const lintCount = lintViolations(scenario).length;
  const last = kept[kept.length - 1];
  let nextCheckpointMs = last ? gridAfter(engine, last.boundaryMs) : engine.startMs;
  const watch = from.tail ? tailWatch(sim, from.tail.source, from.tail.afterMs) : null;
  let endStep = 0;
  const stoppedAtMs = runLoop(sim, {
    fromStep: from.fromStep,
    boundaryMs: from.boundaryMs,
    resumed: from.resumed,
    atBoundary:
      from.keepCheckpoints === false
        ? null
        : (boundaryMs, nextMs, step) => {
            // The state between two steps holds for every instant from `boundaryMs` to `nextMs`:
            // the checkpoint is taken in the gap that holds the grid instant, so it is the state
            // at that instant (and at the gap's other grid instants: one checkpoint serves them).
            if (nextMs < nextCheckpointMs) return;
            checkpoints.push(
              takeCheckpoint(sim, { boundaryMs, holdsUntilMs: nextMs, step, environmentCount, lintCount }),
            );
            nextCheckpointMs = gridAfter(engine, nextMs);
          },
    stopAt: watch?.stopAt ?? null,
    onEnd: (step) => {
      endStep = step;
    },
  });
  const meeting = watch?.met() ?? null;
  let end: NightEnd | null;
  if (stoppedAtMs !== null && meeting !== null && from.tail) {
    const joined = joinTail(sim, from.tail.source, meeting, lintCount);
    end = joined.end;
    if (from.keepCheckpoints !== false) checkpoints = [...checkpoints, ...joined.checkpoints];
  } else {
    end = sim.truncatedAtMs === null ? { world: copyWorld(sim), step: endStep } : null;
  }
  return {
    scenario,
    trace: finish(sim),
    checkpoints,
    engine,
    resumedFromMs: from.resumed ? from.boundaryMs : null,
    joinedAtMs: meeting === null ? null : stoppedAtMs,
    end,
  };
}

/** The first grid instant at or after `atMs`. */
function gridAtOrAfter(engine: Engine, atMs: number): number {
  if (atMs <= engine.startMs) return engine.startMs;
  return engine.startMs + Math.ceil((atMs - engine.startMs) / engine.intervalMs) * engine.intervalMs;
}

/** The first grid instant after `atMs` (checkpoints hold the state at an even grid of instants). */
function gridAfter(engine: Engine, atMs: number): number {
  if (atMs < engine.startMs) return engine.startMs;
  const index = Math.floor((atMs - engine.startMs) / engine.intervalMs) + 1;
  return engine.startMs + index * engine.intervalMs;
}

/**
 * The checkpoint's queue with its user events swapped for `next`'s: those at or after the
 * boundary, numbered as a full run of `next` would number them (right after the start's
 * triggers), and every later entry shifted by the difference in their count, so the queue pops
 * in the very order the full run would.
 */
function resumptionOf(
  engine: Engine,
  checkpoint: Checkpoint,
  next: ResolvedScenario,
  items: readonly EnvironmentItem[],
) {
  const from = engine.environmentSeqFrom;
  const oldEnd = from + checkpoint.environmentCount;
  const shift = items.length - checkpoint.environmentCount;
  const queue: Scheduled<AgendaItem>[] = [];
  for (const scheduled of checkpoint.world.state.queue.heap) {
    if (scheduled.seq < from) queue.push(scheduled);
    else if (scheduled.seq >= oldEnd)
      queue.push(shift === 0 ? scheduled : { ...scheduled, seq: scheduled.seq + shift });
  }
  items.forEach(({ atMs, replicaIndex, item }, index) => {
    if (atMs >= checkpoint.boundaryMs) {
      queue.push({ atMs, eventClass: EventClass.environment, replicaIndex, seq: from + index, item });
    }
  });
  return { queue, nextSeq: checkpoint.world.state.queue.nextSeq + shift, lint: lintViolations(next) };
}
