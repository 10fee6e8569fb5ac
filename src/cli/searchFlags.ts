/**
 * The options of `leaseline search`, read from the command line's values: each wrong value
 * is one sentence that names the option, what it got and what it takes. Pure.
 */
import { FAULT_KINDS, type FaultKind, isFaultKind } from '../search/faultKinds';
import { SEARCH_INVARIANTS, type SearchInvariant } from '../search/searchSpace';

export const SEARCH_BUDGET_DEFAULT = 5000;
export const SEARCH_SEED_DEFAULT = 1;
/** A million nights is an hour or so of one core: more is a typo, not a plan. */
export const SEARCH_BUDGET_MAX = 1_000_000;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

export interface SearchFlags {
  readonly budget: number;
  readonly seed: number;
  /** Undefined: every fault kind that applies to the file. */
  readonly faults?: readonly FaultKind[];
  readonly invariants?: readonly SearchInvariant[];
}

/** The options, or the sentence that says which value is wrong. */
export function parseSearchFlags(values: ReadonlyMap<string, string>): SearchFlags | string {
  const budget = wholeNumber(values.get('--budget'), SEARCH_BUDGET_DEFAULT, 1, SEARCH_BUDGET_MAX);
  if (budget === null) {
    return `--budget takes a whole number of nights from 1 to 1000000, not ${JSON.stringify(values.get('--budget'))}`;
  }
  const seed = wholeNumber(values.get('--seed'), SEARCH_SEED_DEFAULT, INT32_MIN, INT32_MAX);
  if (seed === null) {
    return `--seed takes a whole number from ${INT32_MIN} to ${INT32_MAX}, not ${JSON.stringify(values.get('--seed'))}`;
  }
  const faultsText = values.get('--faults');
  const faults = faultsText === undefined ? undefined : listOf(faultsText, FAULT_KINDS, isFaultKind);
  if (typeof faults === 'string') {
    return `--faults knows no fault ${JSON.stringify(faults)}; the faults are ${FAULT_KINDS.join(', ')}`;
  }
  const invariantsText = values.get('--invariants');
  const invariants =
    invariantsText === undefined
      ? undefined
      : listOf(invariantsText.toUpperCase(), SEARCH_INVARIANTS, (word): word is SearchInvariant =>
          (SEARCH_INVARIANTS as readonly string[]).includes(word),
        );
  if (typeof invariants === 'string') {
    return `--invariants knows no invariant ${JSON.stringify(invariants)}; the search checks ${SEARCH_INVARIANTS.join(', ')} (I7 judges the configuration, not a night)`;
  }
  return {
    budget,
    seed,
    ...(faults === undefined ? {} : { faults }),
    ...(invariants === undefined ? {} : { invariants }),
  };
}

function wholeNumber(text: string | undefined, fallback: number, least: number, most: number): number | null {
  if (text === undefined) return fallback;
  if (!/^-?\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return value >= least && value <= most ? value : null;
}

/**
 * A comma-separated list as a subset of `all`, in `all`'s order (so "crash,pause" and
 * "pause,crash" run the same search); the first unknown word instead.
 */
export function listOf<T extends string>(
  text: string,
  all: readonly T[],
  known: (word: string) => word is T,
): T[] | string {
  const words = text.split(',').map((word) => word.trim());
  const unknown = words.find((word) => !known(word));
  if (unknown !== undefined) return unknown;
  return all.filter((word) => (words as string[]).includes(word));
}
