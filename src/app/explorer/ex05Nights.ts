/**
 * EX05's two nights, built from presets with edits (as tour steps are) for the explorer's
 * three settings: lockAtMostFor, lockAtLeastFor, and how far replica C's clock is behind.
 *
 * - The normal night (S05 with the job at its normal 3 minutes): every replica fires its cron
 *   at 02:00 on its own clock and there is no "done for date" record, so C, whose clock is
 *   behind, fires late; if A has already released, C runs the night again.
 * - The worst night (S04: A's run takes 19m40s, the others retry every minute and skip a night
 *   already done): if the lock expires before A is done, B takes it while A still runs.
 *
 * Pure: the same settings give the same documents (cached, so the night cache hits).
 */
import { formatDurationMs } from '../../model/duration';
import { applyEdits, type ScenarioEdit } from '../../model/scenarioEdit';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import type { Trace } from '../../sim/trace';

export interface Ex05Settings {
  readonly atMostMs: number;
  readonly atLeastMs: number;
  /** How far C's clock is behind the others. */
  readonly skewMs: number;
}

export type Ex05Night = 'normal' | 'worst';

export const EX05_DEFAULTS: Ex05Settings = { atMostMs: 10 * 60_000, atLeastMs: 0, skewMs: 4 * 60_000 };

/** Slider ranges and steps, in ms. */
export const EX05_RANGES = {
  atMostMs: { min: 60_000, max: 40 * 60_000, step: 60_000 },
  atLeastMs: { min: 0, max: 10 * 60_000, step: 30_000 },
  skewMs: { min: 0, max: 10 * 60_000, step: 30_000 },
} as const;

const BASE_PRESET: Readonly<Record<Ex05Night, string>> = {
  normal: 's05-short-job-clock-skew',
  worst: 's04-atmost-too-short',
};

/** Replica C, the one whose clock is behind, in both presets. */
const SKEWED_REPLICA_INDEX = 2;

const cache = new Map<string, ScenarioDocument>();

export function ex05Document(night: Ex05Night, settings: Ex05Settings): ScenarioDocument {
  const key = `${night}:${settings.atMostMs}:${settings.atLeastMs}:${settings.skewMs}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const preset = findPreset(BASE_PRESET[night]);
  if (!preset) throw new Error(`EX05: no preset ${BASE_PRESET[night]}`);
  const edits: ScenarioEdit[] = [
    {
      kind: 'patchLock',
      patch: {
        lockAtMostFor: formatDurationMs(settings.atMostMs),
        lockAtLeastFor: formatDurationMs(settings.atLeastMs),
      },
    },
    {
      kind: 'patchReplica',
      index: SKEWED_REPLICA_INDEX,
      patch: { clock: { offset: settings.skewMs === 0 ? '0s' : formatDurationMs(-settings.skewMs) } },
    },
    // Long enough for C's latest late cron and a whole 3-minute run after it.
    { kind: 'patchWindow', patch: { to: '02:25:00' } },
  ];
  // The normal night's job takes its normal 3 minutes (S05's is a 35-second job).
  if (night === 'normal') edits.push({ kind: 'patchJob', patch: { load: '20s', perItem: '30s', markDone: '10s' } });
  const document = applyEdits(preset.document as ScenarioDocument, edits);
  cache.set(key, document);
  return document;
}

export interface SecondRun {
  readonly replica: string;
  readonly startMs: number;
  /** The replica whose run came first, and whether the second began before it ended. */
  readonly firstReplica: string;
  readonly overlapping: boolean;
  /** The grant that let the second run in (for the timeline's ring), or null. */
  readonly grantId: number | null;
}

/** The second run of the night (a run that was not skipped), or null when the night ran once. Pure. */
export function secondRun(trace: Trace): SecondRun | null {
  const runs = trace.runs.filter((run) => run.outcome !== 'skipped').sort((a, b) => a.startMs - b.startMs);
  const [first, second] = runs;
  if (!first || !second) return null;
  const grant = trace.grants.find(
    (candidate) => candidate.replica === second.replica && candidate.grantMs >= second.startMs,
  );
  return {
    replica: second.replica,
    startMs: second.startMs,
    firstReplica: first.replica,
    overlapping: first.endMs === null || second.startMs < first.endMs,
    grantId: grant?.grantId ?? null,
  };
}
