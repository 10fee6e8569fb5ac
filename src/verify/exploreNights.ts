/**
 * Checks every night of the alphabet with up to `maxFaults` faults, fault count by fault
 * count, and gives the answer that checking each night on its own would give: how many nights
 * there are, how many break, and the smallest that does.
 *
 * Sharing, and why it changes nothing: a night is its parent (itself without its last fault
 * in the alphabet's order) plus that fault, and the engine's `resimulate` runs it from the
 * parent's last checkpoint before the earliest instant the added fault can reach
 * (`sim/checkpoints/editReach.ts`), which is byte-identical to `simulate()` of the night
 * (`tests/resimulate.property.test.ts`). Every night is still built as a file and loaded by
 * the model's loader, so which sets are nights is the loader's word. Pure and deterministic.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import { violatedInvariants } from '../search/judgeNight';
import type { SearchFault } from '../search/searchFault';
import type { SearchInvariant, SearchSpace } from '../search/searchSpace';
import { type CheckpointedNight, resimulate, simulateWithCheckpoints } from '../sim/checkpoints/resimulate';
import type { Trace } from '../sim/trace';
import { type FailingNight, failingNight, smallerOf } from './smallestNight';
import { loadVerifyNight, verifyNightFile } from './verifyNight';

export interface ExploreOptions {
  readonly maxFaults: number;
  /** Check every count up to `maxFaults` even after a failure (`--count`). */
  readonly countAll: boolean;
  /** Told how far the check is, every `PROGRESS_EVERY_NIGHTS` nights and once at the end. */
  readonly onProgress?: (progress: VerifyProgress) => void;
}

/** How far a check is: nights checked of the nights within the bounds (known before the first). */
export interface VerifyProgress {
  readonly nightsChecked: number;
  /** Every set of up to K elements; a check that stops at a failure ends below it. */
  readonly nightsTotal: number;
}

/** Progress is told this often: about a second of nights on a slow machine. */
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

/** Explores `alphabet`'s nights on `space`'s design; throws only on a bug (the base night must load). */
export function exploreNights(
  space: SearchSpace,
  alphabet: readonly SearchFault[],
  options: ExploreOptions,
): Exploration {
  const state = {
    nights: [] as number[],
    failing: [] as number[],
    simulations: 0,
    smallest: null as FailingNight | null,
    checked: 0,
    nightsTotal: setsUpTo(alphabet.length, options.maxFaults),
    onProgress: options.onProgress ?? null,
  };
  const baseFile = verifyNightFile(space, []);
  const baseScenario = loadVerifyNight(baseFile);
  if (baseScenario === null) throw new Error('the file without added faults does not load');
  const base = simulateWithCheckpoints(baseScenario);
  state.simulations += 1;
  state.nights.push(1);
  const baseBreaks = breaks(base.trace, space.invariants);
  state.failing.push(baseBreaks ? 1 : 0);
  if (baseBreaks) state.smallest = failingNight([], baseFile.document, space.windowFromMs);
  tick(state);
  let count = 0;
  while (count < options.maxFaults && (options.countAll || state.smallest === null)) {
    count += 1;
    state.nights.push(0);
    state.failing.push(0);
    const level: Level = { space, alphabet, count, state };
    exploreFrom(level, base, [], 0);
  }
  state.onProgress?.({ nightsChecked: state.checked, nightsTotal: state.nightsTotal });
  return {
    nightsByFaultCount: state.nights,
    failingByFaultCount: state.failing,
    exhaustive: count === options.maxFaults,
    simulations: state.simulations,
    smallest: state.smallest,
  };
}

interface Level {
  readonly space: SearchSpace;
  readonly alphabet: readonly SearchFault[];
  /** The fault count this pass checks; shorter sets are only parents here. */
  readonly count: number;
  readonly state: {
    nights: number[];
    failing: number[];
    simulations: number;
    smallest: FailingNight | null;
    checked: number;
    readonly nightsTotal: number;
    readonly onProgress: ((progress: VerifyProgress) => void) | null;
  };
}

/** Counts one set checked, and tells the progress every `PROGRESS_EVERY_NIGHTS`. */
function tick(state: Level['state']): void {
  state.checked += 1;
  if (state.onProgress !== null && state.checked % PROGRESS_EVERY_NIGHTS === 0) {
    state.onProgress({ nightsChecked: state.checked, nightsTotal: state.nightsTotal });
  }
}

/** How many sets of 0 to `k` elements an alphabet of `n` has. */
export function setsUpTo(n: number, k: number): number {
  let total = 0;
  let choose = 1;
  for (let size = 0; size <= k && size <= n; size++) {
    total += choose;
    choose = (choose * (n - size)) / (size + 1);
  }
  return total;
}

/**
 * Every set of `level.count` elements that extends `chosen` with elements from `fromIndex` on.
 * `parent` is the nearest ancestor that is a night (a refused set has no trace to share).
 */
function exploreFrom(level: Level, parent: CheckpointedNight, chosen: readonly SearchFault[], fromIndex: number): void {
  const { alphabet, count, space, state } = level;
  const isLeaf = chosen.length + 1 === count;
  const lastIndex = alphabet.length - (count - chosen.length);
  for (let index = fromIndex; index <= lastIndex; index++) {
    const night = [...chosen, alphabet[index] as SearchFault];
    const file = verifyNightFile(space, night);
    const scenario = loadVerifyNight(file);
    if (isLeaf) {
      tick(state);
      if (scenario === null) continue;
      state.nights[count] = (state.nights[count] ?? 0) + 1;
      const ran = run(level, parent, scenario, false);
      if (!breaks(ran.trace, space.invariants)) continue;
      state.failing[count] = (state.failing[count] ?? 0) + 1;
      state.smallest = smallerOf(state.smallest, failingNight(night, file.document, space.windowFromMs));
      continue;
    }
    const next = scenario === null ? parent : run(level, parent, scenario, true);
    exploreFrom(level, next, night, index + 1);
  }
}

/** The night of `scenario`, re-simulated from `parent`'s checkpoints; counted when the engine ran. */
function run(level: Level, parent: CheckpointedNight, scenario: ResolvedScenario, keepCheckpoints: boolean) {
  const night = resimulate(parent, scenario, { keepCheckpoints });
  if (night.trace !== parent.trace) level.state.simulations += 1;
  return night;
}

function breaks(trace: Trace, invariants: readonly SearchInvariant[]): boolean {
  return violatedInvariants(trace, invariants).length > 0;
}
