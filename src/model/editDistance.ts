/**
 * How far a misspelt key is from the key meant: the optimal string alignment distance
 * (Damerau-Levenshtein without repeated edits of one substring), counting an insertion, a
 * deletion, a substitution or a swap of two neighbouring characters as one edit, so
 * `lockAtMostFr` is one edit from `lockAtMostFor` and `fro` one from `for`.
 */

/** Edits that turn `a` into `b`, by UTF-16 code unit (keys are ASCII in practice). Pure. */
export function editDistance(a: string, b: string): number {
  // Three rows of the classic table: the one before the previous is needed for swaps.
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** A known key at most this many edits away is taken for the key meant. */
export const MEANT_EDITS_MAX = 2;

/**
 * The key `typed` most likely stands for: the nearest of `known` within MEANT_EDITS_MAX edits,
 * or one that differs only in case (`lockatmostfor`); null when none is near. A key must keep
 * more of itself than it changes (fewer edits than its own length), so a stray `x` is not
 * taken for `at`. Ties go to the key listed first. Pure.
 */
export function closestKey(typed: string, known: readonly string[]): string | null {
  let meant: string | null = null;
  let fewest = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    if (candidate === typed) continue;
    const edits = candidate.toLowerCase() === typed.toLowerCase() ? 0 : editDistance(typed, candidate);
    if (edits <= MEANT_EDITS_MAX && edits < typed.length && edits < fewest) {
      meant = candidate;
      fewest = edits;
    }
  }
  return meant;
}
