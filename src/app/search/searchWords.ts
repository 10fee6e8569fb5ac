/**
 * The search's outcome in words: the fault kinds searched as a list ("pauses, crashes and
 * clock jumps"), the invariants a found night breaks, numbers as the page's language writes
 * them ("5,000").
 */
import type { TFunction } from 'i18next';
import type { FaultKind, SearchInvariant } from '../../search/findFailure';
import { wordList } from '../i18n/listText';

export function countText(language: string, count: number): string {
  // Western digits in every language; the page's digit setting rewrites them where chosen.
  return new Intl.NumberFormat(language, { numberingSystem: 'latn' }).format(count);
}

/** "pauses, crashes and clock jumps". */
export function faultsText(t: TFunction, faults: readonly FaultKind[]): string {
  return wordList(
    t,
    faults.map((fault) => t(`search.fault.${fault}`)),
  );
}

/** "an order is applied more than once and a stale token is accepted". */
export function violationsText(t: TFunction, invariants: readonly SearchInvariant[]): string {
  return wordList(
    t,
    invariants.map((invariant) => t(`search.breaks.${invariant}`)),
  );
}
