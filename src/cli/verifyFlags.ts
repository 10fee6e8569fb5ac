/**
 * The options of `leaseline verify`, read from the command line's values: each wrong value is
 * one sentence that names the option, what it got and what it takes. Lists are sets: their
 * order does not matter (`--durations 5m,1m` checks the same nights as `1m,5m`). Pure.
 */
import { formatDurationMs, parseDurationMs } from '../model/duration';
import { FAULT_KINDS, isFaultKind } from '../search/faultKinds';
import { SEARCH_INVARIANTS, type SearchInvariant } from '../search/searchSpace';
import { VERIFY_BOUNDS_DEFAULT, VERIFY_MAX_FAULTS_MAX, type VerifyBounds } from '../verify/verifyBounds';
import { listOf } from './searchFlags';

/** A grid finer than a second multiplies the nights without a night a person would tell apart. */
export const VERIFY_GRID_MIN_MS = 1000;
/** Two nights: a fault longer than that outlasts any window a file can hold. */
export const VERIFY_DURATION_MAX_MS = 48 * 3_600_000;

export interface VerifyFlags extends Omit<VerifyBounds, 'fresh'> {
  /** Parallel workers asked for, 1 to the machine's cores. */
  readonly workers: number;
}

/** The options, or the sentence that says which value is wrong. `cores`: the machine's. */
export function parseVerifyFlags(values: ReadonlyMap<string, string>, cores: number): VerifyFlags | string {
  const defaults = VERIFY_BOUNDS_DEFAULT;
  const faultsText = values.get('--faults');
  const faults = faultsText === undefined ? defaults.faults : listOf(faultsText, FAULT_KINDS, isFaultKind);
  if (typeof faults === 'string') {
    return `--faults knows no fault ${JSON.stringify(faults)}; the faults are ${FAULT_KINDS.join(', ')}`;
  }
  const maxFaults = wholeNumber(values.get('--max-faults'), defaults.maxFaults, 0, VERIFY_MAX_FAULTS_MAX);
  if (maxFaults === null) {
    return `--max-faults takes a whole number of faults from 0 to ${VERIFY_MAX_FAULTS_MAX}, not ${JSON.stringify(values.get('--max-faults'))}`;
  }
  const gridText = values.get('--grid');
  const gridMs = gridText === undefined ? defaults.gridMs : durationMs(gridText, VERIFY_GRID_MIN_MS);
  if (gridMs === null) {
    return `--grid takes a duration of at least ${formatDurationMs(VERIFY_GRID_MIN_MS)} (e.g. "10s"), not ${JSON.stringify(gridText)}`;
  }
  const durations = durationsOf(values.get('--durations'), defaults.durationsMs);
  if (typeof durations === 'string') return durations;
  const invariantsText = values.get('--invariants');
  const invariants =
    invariantsText === undefined
      ? defaults.invariants
      : listOf(invariantsText.toUpperCase(), SEARCH_INVARIANTS, (word): word is SearchInvariant =>
          (SEARCH_INVARIANTS as readonly string[]).includes(word),
        );
  if (typeof invariants === 'string') {
    return `--invariants knows no invariant ${JSON.stringify(invariants)}; verify checks ${SEARCH_INVARIANTS.join(', ')} (I7 judges the configuration, not a night)`;
  }
  const most = Math.max(1, cores);
  const workers = wholeNumber(values.get('--workers'), most, 1, most);
  if (workers === null) {
    return `--workers takes a whole number from 1 to ${most} (this machine's cores), not ${JSON.stringify(values.get('--workers'))}`;
  }
  return { faults, maxFaults, gridMs, durationsMs: durations, invariants, workers };
}

/** The durations, shortest first, or the sentence that says which is wrong. */
function durationsOf(text: string | undefined, fallback: readonly number[]): readonly number[] | string {
  if (text === undefined) return fallback;
  const durations: number[] = [];
  for (const word of text.split(',').map((each) => each.trim())) {
    const ms = durationMs(word, 1);
    if (ms === null || ms > VERIFY_DURATION_MAX_MS) {
      return `--durations takes durations from 1ms to 48h separated by commas (e.g. "10s,1m,5m"); ${JSON.stringify(word)} is not one`;
    }
    if (durations.includes(ms)) return `--durations lists ${formatDurationMs(ms)} twice`;
    durations.push(ms);
  }
  return durations.sort((a, b) => a - b);
}

function durationMs(text: string, leastMs: number): number | null {
  const parsed = parseDurationMs(text);
  return parsed.ok && parsed.value >= leastMs ? parsed.value : null;
}

function wholeNumber(text: string | undefined, fallback: number, least: number, most: number): number | null {
  if (text === undefined) return fallback;
  if (!/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= least && value <= most ? value : null;
}
