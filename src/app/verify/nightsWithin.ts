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
 * Past this many nights a check takes minutes: about a quarter of a millisecond a night on a
 * laptop's one thread once futures merge (docs/verify.md "Figures"), a millisecond on a slow one.
 */
export const NIGHTS_SLOW = 200_000;
