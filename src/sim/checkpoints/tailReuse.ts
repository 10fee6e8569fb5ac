/**
 * The rest of a night taken from a night already run: a re-run whose state, past the edit,
 * equals the earlier night's state at one of its checkpoints (`sameFuture.ts`) would repeat
 * that night's steps from there to the end, so it stops and joins that night's tail to its
 * own past instead. A drag in the first quarter of a long night re-runs a few minutes after
 * the moved event, not the rest of the night (docs/performance.md).
 *
 * The joined night is the one the re-run would have finished: its logs are its own up to the
 * meeting instant and the earlier night's after it; the runs still open there are replaced
 * by the earlier night's last versions of them; every other field is the earlier night's at
 * its end, and the machine event count is the re-run's plus the steps skipped. Its
 * checkpoints past the meeting instant are the earlier night's, re-pointed at the joined
 * logs, so the next move of a drag can meet them in turn. The trace is byte-identical to a
 * full run's (`tests/resimulate.property.test.ts`).
 */
import type { Simulation } from '../simulation';
import { MAX_STEPS } from '../simulation';
import { copyWorld, type LogLengths, logsOf, restoreWorldWithLogs, type WorldCopy, type WorldLogs } from '../world';
import type { Checkpoint } from './checkpoint';
import { sameTraceFuture } from './sameFuture';

/** A night's state after its last step, before it is closed (`finish`), and the steps it took. */
export interface NightEnd {
  readonly world: WorldCopy;
  readonly step: number;
}

/** What a re-run can take its tail from: a night that ran to its end, with its checkpoints. */
export interface TailSource {
  readonly checkpoints: readonly Checkpoint[];
  readonly end: NightEnd;
}

/** Where a re-run met the source: the checkpoint's index and the re-run's steps so far. */
export interface TailMeeting {
  readonly index: number;
  readonly step: number;
}

/**
 * Watches a re-run gap by gap (`runLoop`'s `stopAt`) for a checkpoint of `source` whose
 * instant lies in the gap, after `afterMs` (the edit's last instant), with an equal state.
 * `met()` says where, once the watch has stopped the run.
 */
export function tailWatch(live: Simulation, source: TailSource, afterMs: number) {
  let next = 0;
  let meeting: TailMeeting | null = null;
  const checkpoints = source.checkpoints;
  return {
    stopAt(boundaryMs: number, nextMs: number, step: number): boolean {
      if (nextMs <= afterMs) return false;
      while (next < checkpoints.length && (checkpoints[next] as Checkpoint).holdsUntilMs < boundaryMs) next += 1;
      const checkpoint = checkpoints[next];
      if (!checkpoint) return false;
      // An instant both states hold: every event before it has run in both nights, none at or after it.
      const fromMs = Math.max(checkpoint.boundaryMs, boundaryMs, afterMs + 1);
      if (fromMs > Math.min(checkpoint.holdsUntilMs, nextMs)) return false;
      // The joined night must not pass the step budget the source stayed within.
      if (step + source.end.step - checkpoint.step > MAX_STEPS) return false;
      if (!sameTraceFuture(live, checkpoint.world)) return false;
      meeting = { index: next, step };
      return true;
    },
    met: (): TailMeeting | null => meeting,
  };
}

/**
 * Puts `live`, stopped where it met `source` (`meeting`), into the state its run would have
 * ended in, and returns that end and the source's later checkpoints re-pointed at it.
 * `lintCount` is the live night's number of I7 findings (its checkpoints' `lintCount`).
 */
export function joinTail(
  live: Simulation,
  source: TailSource,
  meeting: TailMeeting,
  lintCount: number,
): { readonly end: NightEnd; readonly checkpoints: Checkpoint[] } {
  const met = source.checkpoints[meeting.index] as Checkpoint;
  const from = met.world.logLengths;
  const to = source.end.world.logLengths;
  const sourceLogs = logsOf(source.end.world.state);
  const own = logsOf(live);
  const liveLengths = lengthsOf(own);
  for (const process of met.world.state.processes) {
    if (process.run) own.runs[process.run.runId] = sourceLogs.runs[process.run.runId] as (typeof own.runs)[number];
  }
  // Copied in two blocks (`slice`, `concat`): a push per record costs several times more on a long night's entries.
  const joined = <T>(head: T[], tail: readonly T[], name: keyof LogLengths): T[] =>
    head.concat(tail.slice(from[name], to[name]));
  const logs: WorldLogs = {
    entries: joined(own.entries, sourceLogs.entries, 'entries'),
    writes: joined(own.writes, sourceLogs.writes, 'writes'),
    runs: joined(own.runs, sourceLogs.runs, 'runs'),
    violations: joined(own.violations, sourceLogs.violations, 'violations'),
    serviceChanges: joined(own.serviceChanges, sourceLogs.serviceChanges, 'serviceChanges'),
    zombieWindows: joined(own.zombieWindows, sourceLogs.zombieWindows, 'zombieWindows'),
  };
  const stepShift = meeting.step - met.step;
  const machineEventShift = live.machineEventCount - met.world.state.machineEventCount;
  restoreWorldWithLogs(live, source.end.world, logs);
  live.machineEventCount += machineEventShift;
  const checkpoints = source.checkpoints.slice(meeting.index + 1).map(
    (checkpoint): Checkpoint => ({
      ...checkpoint,
      step: checkpoint.step + stepShift,
      lintCount,
      world: repointed(checkpoint.world, logs, from, liveLengths, machineEventShift),
    }),
  );
  return {
    end: { world: copyWorld(live), step: source.end.step + stepShift },
    checkpoints,
  };
}

function lengthsOf(logs: WorldLogs): LogLengths {
  return {
    entries: logs.entries.length,
    writes: logs.writes.length,
    runs: logs.runs.length,
    violations: logs.violations.length,
    serviceChanges: logs.serviceChanges.length,
    zombieWindows: logs.zombieWindows.length,
  };
}

/** A source checkpoint's World as the joined night's: its logs the joined ones, lengths and count shifted. */
function repointed(
  copy: WorldCopy,
  logs: WorldLogs,
  metLengths: LogLengths,
  liveLengths: LogLengths,
  machineEventShift: number,
): WorldCopy {
  const state = copy.state;
  const shifted = (name: keyof LogLengths) => copy.logLengths[name] - metLengths[name] + liveLengths[name];
  return {
    state: {
      ...state,
      machineEventCount: state.machineEventCount + machineEventShift,
      entries: logs.entries,
      writes: logs.writes,
      runs: logs.runs,
      violations: logs.violations,
      services: { ...state.services, changes: logs.serviceChanges },
      zombies: { ...state.zombies, windows: logs.zombieWindows },
    },
    logLengths: {
      entries: shifted('entries'),
      writes: shifted('writes'),
      runs: shifted('runs'),
      violations: shifted('violations'),
      serviceChanges: shifted('serviceChanges'),
      zombieWindows: shifted('zombieWindows'),
    },
  };
}
