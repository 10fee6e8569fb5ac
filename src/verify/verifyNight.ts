/**
 * One night of `leaseline verify`: the file with a set of alphabet elements added, written as
 * a scenario file and loaded by the model's loader, as `leaseline check` would load it. A set
 * the loader refuses (two overlapping pauses of one replica, a restart past the window), or
 * the engine does not simulate, is not a night. Pure.
 */
import { loadScenarioValue } from '../model/loadScenario';
import type { ResolvedScenario } from '../model/resolvedScenario';
import { VERIFY_EVENT_LABEL } from '../search/foundEventLabels';
import { type NightFile, nightFile } from '../search/nightFile';
import type { SearchNight } from '../search/searchFault';
import type { SearchSpace } from '../search/searchSpace';
import { unsupportedFeatures } from '../sim/supportedFeatures';

export { VERIFY_EVENT_LABEL } from '../search/foundEventLabels';

/** The night's file: the base file, then `night`'s faults in the order given. */
export function verifyNightFile(space: SearchSpace, night: SearchNight): NightFile {
  return nightFile(space, night, VERIFY_EVENT_LABEL);
}

/** The night as the engine reads it, or null when the set is not a night (refused by the loader or the engine). */
export function loadVerifyNight(file: NightFile): ResolvedScenario | null {
  const loaded = loadScenarioValue(file.document, 'verify.json');
  if (!loaded.ok) return null;
  return unsupportedFeatures(loaded.scenario).length === 0 ? loaded.scenario : null;
}
