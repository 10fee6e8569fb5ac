/**
 * The words of `leaseline search` on a terminal: what was searched, what was found, in plain
 * English. File text (titles, descriptions) goes through `plainText`. Pure.
 */
import { grouped } from '../search/describeFoundNight';
import type { FaultKind } from '../search/faultKinds';
import type { SearchInvariant } from '../search/searchSpace';

/** Each fault kind in words, plural (verify's sentence reuses them). */
export const FAULT_WORDS: Readonly<Record<FaultKind, string>> = {
  pause: 'pauses',
  pauseBeforeWrite: 'pauses before a write',
  crash: 'crashes and restarts',
  clockJump: 'clock jumps',
  delayWrite: 'delayed writes',
  partition: 'partitions',
  starveRenewer: 'starved renewers',
  redisFailover: 'Redis failovers',
  killSession: 'killed sessions',
  expireLock: 'forced expiries',
};

const INVARIANT_WORDS: Readonly<Record<SearchInvariant, string>> = {
  I1: 'two holders at once',
  I2: 'a zombie window',
  I3: 'an item applied more than once',
  I4: 'a stale token accepted',
  I5: 'a token not above the one before',
  I6: "the night's work left undone",
};

/** "pauses, crashes and restarts and clock jumps". */
export function faultKindsText(kinds: readonly FaultKind[]): string {
  const words = kinds.map((kind) => FAULT_WORDS[kind]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** "an item applied more than once (I3), a stale token accepted (I4)". */
export function invariantsText(invariants: readonly SearchInvariant[]): string {
  return invariants.map((invariant) => `${INVARIANT_WORDS[invariant]} (${invariant})`).join(', ');
}

/** The whole answer when nothing broke. */
export function notFoundText(
  nights: number,
  seed: number,
  faults: readonly FaultKind[],
  invariants: readonly SearchInvariant[],
): string {
  return (
    `NO FAILURE in ${grouped(nights)} ${nights === 1 ? 'night' : 'nights'} of ${faultKindsText(faults)} (seed ${seed})\n` +
    `  looked for: ${invariantsText(invariants)}\n`
  );
}
