/**
 * `leaseline verify`'s core: every night of a design with up to K faults of a finite
 * alphabet (`faultAlphabet.ts`), checked (`exploreNights.ts`), and the answer docs/verify.md
 * promises: the verdict, the counts, and the smallest failing night as a scenario file that
 * tells its story. Pure and deterministic: the same document and bounds give the same result,
 * byte for byte (no clock: the CLI measures `elapsedMs` itself). Synchronous.
 */
import type { ScenarioDocument } from '../model/scenarioSchema';
import type { SearchFault } from '../search/searchFault';
import { type SearchSpace, searchSpace } from '../search/searchSpace';
import { type Exploration, exploreNights, type VerifyProgress, verifyGrid } from './exploreNights';
import { faultAlphabet } from './faultAlphabet';
import { type BoundsJson, boundsJson, type VerifyBounds } from './verifyBounds';
import { describedNight } from './verifyFoundNight';

export type { VerifyProgress } from './exploreNights';

export interface VerifyResult {
  readonly verdict: 'safe' | 'unsafe';
  readonly bounds: BoundsJson;
  readonly alphabetSize: number;
  /** Nights checked: every count up to `maxFaults` when exhaustive, else through the smallest failing night's count. */
  readonly nightsCovered: number;
  readonly nightsByFaultCount: readonly number[];
  readonly failingNights: number;
  readonly failingByFaultCount: readonly number[];
  readonly exhaustive: boolean;
  /** Runs of the engine (whole nights and resumed suffixes): what sharing saved against `nightsCovered`. */
  readonly simulations: number;
  /** The smallest failing night as a scenario file, or null when safe. */
  readonly scenario: ScenarioDocument | null;
  /** How many faults the smallest failing night has (0: the file's own night breaks), or null. */
  readonly smallestFaultCount: number | null;
}

export interface VerifyOptions extends VerifyBounds {
  /** Check every count up to `maxFaults` after a failure too, counting failing nights exactly. */
  readonly countAll: boolean;
}

/**
 * Checks every night within `options`. Throws an Error naming the problem when the document
 * is not a valid scenario, the engine refuses it, or a fault kind does not apply to it
 * (callers check files first: the CLI reports them as exit 2).
 */
export function verifyDesign(
  document: ScenarioDocument,
  options: VerifyOptions,
  hooks: {
    readonly onProgress?: (progress: VerifyProgress) => void;
    /** Explores elsewhere (the command line's threads, `cli/verifyThreads.ts`); the same answer. */
    readonly explore?: (space: SearchSpace, alphabet: readonly SearchFault[]) => Exploration;
  } = {},
): VerifyResult {
  if (!Number.isSafeInteger(options.maxFaults) || options.maxFaults < 0) {
    throw new RangeError(`the number of faults must be a whole number, at least 0 (got ${options.maxFaults})`);
  }
  const space = searchSpace(document, {
    fresh: options.fresh,
    faults: options.faults,
    invariants: options.invariants,
  });
  const alphabet = faultAlphabet(space, options);
  const explored =
    hooks.explore?.(space, alphabet) ??
    exploreNights(space, alphabet, {
      maxFaults: options.maxFaults,
      countAll: options.countAll,
      grid: verifyGrid(space, options.gridMs),
      ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
    });
  const sum = (counts: readonly number[]) => counts.reduce((total, value) => total + value, 0);
  const failingNights = sum(explored.failingByFaultCount);
  return {
    verdict: explored.smallest === null ? 'safe' : 'unsafe',
    bounds: boundsJson(options),
    alphabetSize: alphabet.length,
    nightsCovered: sum(explored.nightsByFaultCount),
    nightsByFaultCount: explored.nightsByFaultCount,
    failingNights,
    failingByFaultCount: explored.failingByFaultCount,
    exhaustive: explored.exhaustive,
    simulations: explored.simulations,
    scenario:
      explored.smallest === null
        ? null
        : describedNight(
            space,
            explored.smallest,
            explored.failingByFaultCount[explored.smallest.night.length] ?? 0,
            options.fresh,
          ),
    smallestFaultCount: explored.smallest?.night.length ?? null,
  };
}
