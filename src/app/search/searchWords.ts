/**
 * The search's outcome in words: the fault kinds searched as a list ("pauses, crashes and
 * clock jumps"), the invariants a found night breaks, numbers as the reader writes them.
 */
import type { TFunction } from 'i18next';
import type { FaultKind, SearchInvariant } from '../../search/findFailure';

export function countText(language: string, count: number): string {
  return new Intl.NumberFormat(language).format(count);
}

/** "pauses, crashes and clock jumps", in the page's language. */
export function faultsText(t: TFunction, language: string, faults: readonly FaultKind[]): string {
  const words = faults.map((fault) => t(`search.fault.${fault}`));
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(words);
}

/** "an order applied twice and a stale token accepted". */
export function violationsText(t: TFunction, language: string, invariants: readonly SearchInvariant[]): string {
  const words = invariants.map((invariant) => t(`search.breaks.${invariant}`));
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(words);
}
