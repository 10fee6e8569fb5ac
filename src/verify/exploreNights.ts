/**
 * Checks every night of the alphabet with up to `maxFaults` faults, fault count by fault
 * count (`nightExplorer.ts` checks one count), and gives the answer that checking each night
 * on its own would give: how many nights there are, how many break, and the smallest that
 * does. Without `countAll` it stops after the first count with a failing night: the smallest
 * is then certain. `combineLevel` adds up the shares of one count, for the threads of
 * `--workers` (`cli/verifyThreads.ts`) as for this one thread. Pure and deterministic.
 */
import type { SearchFault } from '../search/searchFault';
import type { SearchSpace } from '../search/searchSpace';
import type { CheckpointGrid } from '../sim/checkpoints/resimulate';
import { type LevelResult, nightExplorer, WHOLE } from './nightExplorer';
import { type FailingNight, failingNight, smallerOf } from './smallestNight';
import { verifyNightFile } from './verifyNight';

export interface ExploreOptions {
  readonly maxFaults: number;
  /** Check every count up to `maxFaults` even after a failure (`--count`). */
  readonly countAll: boolean;
  /** The alphabet's grid of instants: parents keep a checkpoint at each. */
  readonly grid: CheckpointGrid;
  /** Off, every night is re-run from its parent (`nightExplorer.ts`; for the tests). Default on. */
  readonly mergeFutures?: boolean;
  /** Told how far the check is, every `PROGRESS_EVERY_NIGHTS` nights and once at the end. */
  readonly onProgress?: (progress: VerifyProgress) => void;
}

/** How far a check is: nights checked of the nights within the bounds (known before the first). */
export interface VerifyProgress {
  readonly nightsChecked: number;
  /** Every night of up to K faults; a check that stops at a failure ends below it. */
  readonly nightsTotal: number;
}

/** Progress is told this often: a fraction of a second of nights. */
export const PROGRESS_EVERY_NIGHTS = 1000;

export interface Exploration {
  /** Nights checked, by their number of faults; as long as the counts checked completely. */
  readonly nightsByFaultCount: readonly number[];
  readonly failingByFaultCount: readonly number[];
  /** Every count up to `maxFaults` was checked. */
  readonly exhaustive: boolean;
  /** Runs of the engine: whole nights and night suffixes resumed from a checkpoint. */
  readonly simulations: number;
  /** The smallest failing night (`smallestNight.ts`), or null when none fails. */
  readonly smallest: FailingNight | null;
}

/** The answer so far, one fault count after another. */
export interface ExplorationState {
  readonly nights: number[];
  readonly failing: number[];
  simulations: number;
  smallest: FailingNight | null;
}

/** The state after the base night (no fault added) was run and judged. */
export function startExploration(space: SearchSpace, baseBreaks: boolean): ExplorationState {
  return {
    nights: [1],
    failing: [baseBreaks ? 1 : 0],
    simulations: 1,
    smallest: baseBreaks ? failingNight([], verifyNightFile(space, []).document, space.windowFromMs) : null,
  };
}

/** Whether the next count is checked: below K, and (without `--count`) nothing failed yet. */
export function goesOn(state: ExplorationState, options: Pick<ExploreOptions, 'maxFaults' | 'countAll'>): boolean {
  return state.nights.length - 1 < options.maxFaults && (options.countAll || state.smallest === null);
}

/** Adds the shares of one count (every share ran the same parents: they count once). */
export function combineLevel(state: ExplorationState, shares: readonly LevelResult[]): void {
  state.nights.push(shares.reduce((total, share) => total + share.nights, 0));
  state.failing.push(shares.reduce((total, share) => total + share.failing, 0));
  state.simulations += (shares[0]?.parentRuns ?? 0) + shares.reduce((total, share) => total + share.leafRuns, 0);
  for (const share of shares) if (share.smallest !== null) state.smallest = smallerOf(state.smallest, share.smallest);
}

export function finishExploration(state: ExplorationState, maxFaults: number): Exploration {
  return {
    nightsByFaultCount: state.nights,
    failingByFaultCount: state.failing,
    exhaustive: state.nights.length - 1 === maxFaults,
    simulations: state.simulations,
    smallest: state.smallest,
  };
}

/** How many sets of 0 to `k` elements an alphabet of `n` accepted elements has: the nights within the bounds. */
export function nightsWithin(n: number, k: number): number {
  let total = 0;
  let choose = 1;
  for (let size = 0; size <= k && size <= n; size++) {
    total += choose;
    choose = (choose * (n - size)) / (size + 1);
  }
  return total;
}

/** The grid verify's faults start on and its parents keep checkpoints at: the window's start, then every `gridMs`. */
export function verifyGrid(space: SearchSpace, gridMs: number): CheckpointGrid {
  return { startMs: space.windowFromMs, intervalMs: gridMs };
}

/** Explores `alphabet`'s nights on `space`'s design on this thread; throws only on a bug (the base night must load). */
export function exploreNights(
  space: SearchSpace,
  alphabet: readonly SearchFault[],
  options: ExploreOptions,
): Exploration {
  const explorer = nightExplorer(space, alphabet, options.grid, WHOLE, options.mergeFutures ?? true);
  const state = startExploration(space, explorer.baseBreaks);
  const nightsTotal = nightsWithin(explorer.acceptedElements, options.maxFaults);
  let nightsChecked = 1;
  const tell = () => options.onProgress?.({ nightsChecked, nightsTotal });
  const onNight = () => {
    nightsChecked += 1;
    if (nightsChecked % PROGRESS_EVERY_NIGHTS === 0) tell();
  };
  while (goesOn(state, options)) combineLevel(state, [explorer.level(state.nights.length, onNight)]);
  tell();
  return finishExploration(state, options.maxFaults);
}
