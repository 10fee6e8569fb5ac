/**
 * The search's outcome in words: the fault kinds searched as a list ("pauses, crashes and
 * clock jumps"), the invariants a found night breaks, numbers as the page's language writes
 * them ("5,000").
 */
import type { TFunction } from 'i18next';
import type { FaultKind, SearchInvariant } from '../../search/findFailure';

export function countText(language: string, count: number): string {
  return new Intl.NumberFormat(language).format(count);
}

/**
 * "a, b and c": the list's words are the translation's (`search.list`), not the browser's
 * list format, whose English puts a comma before "and" where the rest of the page does not.
 */
function listText(t: TFunction, words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return t('search.list', { first: words.slice(0, -1).join(t('search.listSeparator')), last: words.at(-1) });
}

/** "pauses, crashes and clock jumps". */
export function faultsText(t: TFunction, faults: readonly FaultKind[]): string {
  return listText(
    t,
    faults.map((fault) => t(`search.fault.${fault}`)),
  );
}

/** "an order is applied twice and a stale token is accepted". */
export function violationsText(t: TFunction, invariants: readonly SearchInvariant[]): string {
  return listText(
    t,
    invariants.map((invariant) => t(`search.breaks.${invariant}`)),
  );
}
