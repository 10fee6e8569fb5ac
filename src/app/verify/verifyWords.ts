/**
 * Check every night's answer in words: the bounds as a phrase ("up to 2 faults (pauses or
 * crashes of 10 s, 1 min, 5 min or 10 min, starting every 10 s)"), then "Safe within these
 * bounds: ... all 4,096 of them" or "Unsafe: a night with one fault breaks it: ...". Numbers
 * as the page's language writes them; the fault kinds and the broken invariants in search's
 * words, so the two tools speak alike.
 */
import type { TFunction } from 'i18next';
import type { VerifyBounds } from '../../verify/verifyBounds';
import { joinedList } from '../i18n/listText';
import { countText, violationsText } from '../search/searchWords';
import { spokenDuration } from '../violationText';
import type { CheckedNights } from './verifyProtocol';

/** "A, B or C". */
export function orList(t: TFunction, items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return t('verify.or', { first: joinedList(t, items.slice(0, -1)), last: items.at(-1) });
}

/** "up to 2 faults (pauses or crashes of 1 min or 5 min, starting every 2 min)". */
export function boundsText(t: TFunction, bounds: VerifyBounds): string {
  const durations = [...bounds.durationsMs].sort((a, b) => a - b).map((ms) => spokenDuration(t, ms));
  return t('verify.bounds', {
    count: bounds.maxFaults,
    faults: orList(
      t,
      bounds.faults.map((fault) => t(`search.fault.${fault}`)),
    ),
    durations: orList(t, durations),
    grid: spokenDuration(t, bounds.gridMs),
  });
}

/** ", the file's own events left out" or ", on top of the file's own events". */
export function eventsText(t: TFunction, bounds: VerifyBounds): string {
  return t(bounds.fresh ? 'verify.eventsLeftOut' : 'verify.eventsKept');
}

/** What a running check checks, in one sentence. */
export function checkingText(t: TFunction, bounds: VerifyBounds): string {
  return t('verify.checking', { bounds: boundsText(t, bounds), events: eventsText(t, bounds) });
}

/** The answer: one sentence when safe, the failure and how it is the smallest when not. */
export function answerText(t: TFunction, language: string, bounds: VerifyBounds, checked: CheckedNights): string {
  const { result } = checked;
  const shared = { bounds: boundsText(t, bounds), events: eventsText(t, bounds) };
  if (result.verdict === 'safe' || result.smallestFaultCount === null) {
    // At most 0 faults: one night, and an alphabet of faults none of which it has would only confuse.
    if (bounds.maxFaults === 0) return t('verify.safeNoFault', { events: shared.events });
    return t('verify.safe', { ...shared, nights: countText(language, result.nightsCovered) });
  }
  const faults = result.smallestFaultCount;
  const breaks = violationsText(t, checked.violations);
  if (faults === 0) {
    // The check stopped at the night without faults: there is no smaller night, nor a count of nights to give.
    const own = t('verify.unsafeOwn', { breaks });
    return bounds.maxFaults === 0 ? own : `${own} ${t('verify.noFaultsChecked')}`;
  }
  const headline = t('verify.unsafe', { count: faults, breaks });
  const failing = result.failingByFaultCount[faults] ?? 0;
  const smallest = t('verify.smallest', {
    ...shared,
    count: failing,
    failing: countText(language, failing),
    nights: countText(language, result.nightsCovered),
  });
  return `${headline} ${smallest}`;
}
