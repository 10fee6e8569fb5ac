/**
 * EX05 judged by simulation: each of ex05Nights.ts's nights simulated with the student's
 * durations, and one sentence per judgement saying what the night showed (who took the lock
 * when). Pure given the engine (the CLI's simulator).
 */
import { parseDurationMs } from '../model/duration';
import { loadScenarioValue } from '../model/loadScenario';
import { formatTimeOfNightMs, parseTimeOfNightMs } from '../model/timeOfNight';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import type { CliEngine } from './cliContext';
import {
  EX05_CRASH_BOUND_MS,
  EX05_NIGHT_IDS,
  EX05_RUN_NOW_AT,
  EX05_SKEW_MS,
  type Ex05Durations,
  type Ex05NightId,
  ex05Night,
} from './ex05Nights';

export interface Ex05Judgement {
  readonly id: Ex05NightId;
  readonly passed: boolean;
  readonly sentence: string;
}

/** Every night judged, in EX05_NIGHT_IDS order. */
export function judgeEx05(engine: CliEngine, durations: Ex05Durations): Ex05Judgement[] {
  const most = parseDurationMs(durations.lockAtMostFor);
  const least = parseDurationMs(durations.lockAtLeastFor);
  if (most.ok && least.ok && least.value > most.value) {
    // ShedLock refuses this configuration outright: no night can run.
    const sentence = `lockAtLeastFor ${durations.lockAtLeastFor} is longer than lockAtMostFor ${durations.lockAtMostFor}; ShedLock refuses that`;
    return EX05_NIGHT_IDS.map((id) => ({ id, passed: false, sentence }));
  }
  return EX05_NIGHT_IDS.map((id) => {
    const loaded = loadScenarioValue(ex05Night(id, durations), `EX05 ${id} night`);
    if (!loaded.ok) {
      const [first] = loaded.errors;
      return { id, passed: false, sentence: `the night cannot be simulated: ${first?.path}: ${first?.message}` };
    }
    return JUDGES[id](engine.report(`EX05 ${id} night`, loaded.scenario), durations);
  });
}

type Judge = (report: CheckReport, durations: Ex05Durations) => Ex05Judgement;

const time = (text: string) => text.replace(/\.\d+$/, '');

function msOf(text: string): number {
  const parsed = parseTimeOfNightMs(text);
  return parsed.ok ? parsed.value : 0;
}

const JUDGES: Readonly<Record<Ex05NightId, Judge>> = {
  worstCase(report, { lockAtMostFor }) {
    const [first, second] = report.grants;
    const head = `on the worst night (A takes 20 minutes), lockAtMostFor ${lockAtMostFor}`;
    if (second === undefined) {
      return {
        id: 'worstCase',
        passed: true,
        sentence: `${head} outlasts A's run: nobody else takes the lock and the job runs once`,
      };
    }
    const sentence = `${head} expires under A's run: ${second.replica} takes the lock at ${time(second.at)} and runs the job a second time while ${first?.replica ?? 'A'} is still working`;
    return { id: 'worstCase', passed: false, sentence };
  },
  crash(report, { lockAtMostFor }) {
    const [first, second] = report.grants;
    const head = `after A crashes at 02:01:00 holding the lock (lockAtMostFor ${lockAtMostFor})`;
    const grantMs = msOf(first?.at ?? '02:00:00');
    const boundAt = time(formatTimeOfNightMs(grantMs + EX05_CRASH_BOUND_MS));
    if (second === undefined) {
      return {
        id: 'crash',
        passed: false,
        sentence: `${head}, nobody can take the lock over before 03:05:00: a crash costs the night more than the hour we allow`,
      };
    }
    // A poll comes at most a minute after the lock frees: that minute is the polls', not the lock's.
    const inTime = msOf(second.at) - grantMs <= EX05_CRASH_BOUND_MS + 60_000;
    const sentence = inTime
      ? `${head}, ${second.replica} takes the lock over at ${time(second.at)}, within the hour, and finishes the night`
      : `${head}, ${second.replica} can take the lock over only at ${time(second.at)}, after ${boundAt}: more than the hour we allow`;
    return { id: 'crash', passed: inTime, sentence };
  },
  skew(report, { lockAtLeastFor }) {
    const ran = report.runs.filter((run) => run.outcome !== 'skipped');
    const head = `on a 35-second night with C's clock ${EX05_SKEW_MS / 1000} s behind, lockAtLeastFor ${lockAtLeastFor}`;
    const again = ran[1];
    if (again === undefined) {
      return {
        id: 'skew',
        passed: true,
        sentence: `${head} still holds the lock when C's cron fires: the job runs once`,
      };
    }
    return {
      id: 'skew',
      passed: false,
      sentence: `${head} has let the lock go when ${again.replica}'s cron fires at ${time(again.start)}: ${again.replica} runs the job a second time`,
    };
  },
  nextRun(report, { lockAtLeastFor }) {
    const manual = report.runs.find((run) => run.replica === 'B');
    const head = `after a normal 3-minute night, an operator's run now at ${EX05_RUN_NOW_AT}`;
    if (manual !== undefined && manual.outcome !== 'skipped') {
      return {
        id: 'nextRun',
        passed: true,
        sentence: `${head} runs: lockAtLeastFor ${lockAtLeastFor} does not block the next run`,
      };
    }
    return {
      id: 'nextRun',
      passed: false,
      sentence: `${head} is refused: lockAtLeastFor ${lockAtLeastFor} still holds the lock, long after the job ended`,
    };
  },
};
