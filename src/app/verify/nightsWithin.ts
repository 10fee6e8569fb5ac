/**
 * How many nights a check within these bounds covers at most (every set of up to K elements
 * of the fault alphabet: the progress bar's N), read before it starts so the form can say
 * what the bounds cost. Pure; null when the document cannot be checked (the check itself
 * then says why).
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { searchSpace } from '../../search/searchSpace';
import { nightsWithin as setsWithin } from '../../verify/exploreNights';
import { faultAlphabet } from '../../verify/faultAlphabet';
import type { VerifyBounds } from '../../verify/verifyBounds';

export function nightsWithin(document: ScenarioDocument, bounds: VerifyBounds): number | null {
  if (bounds.faults.length === 0 || bounds.durationsMs.length === 0) return null;
  try {
    const space = searchSpace(document, { fresh: bounds.fresh, faults: bounds.faults, invariants: bounds.invariants });
    return setsWithin(faultAlphabet(space, bounds).length, bounds.maxFaults);
  } catch {
    return null;
  }
}

/**
 * Past this many nights a check can take minutes, depending on the design: on one thread of
 * this project's two-core machine, about 10 µs a night on the fenced flagship (its nights
 * settle once its orders are applied: 1,890,541 nights in about 20 s) and 150 µs on the paused
 * leader (S14: a lease, renewals all night), so 400,000 nights are a minute there
 * (docs/verify.md "Figures").
 */
export const NIGHTS_SLOW = 400_000;
