/**
 * A preset's design as `leaseline verify` sees it, for the tests that build verify's nights
 * themselves: its fault alphabet for the given grid and lengths (every fault kind that applies),
 * which elements the loader accepts alone, and the assembler of nights from them
 * (`src/verify/assembleNight.ts`).
 */
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { PRESETS } from '../src/presets/catalogue';
import { faultsForScenario } from '../src/search/faultKinds';
import { searchSpace } from '../src/search/searchSpace';
import { nightAssembler } from '../src/verify/assembleNight';
import { faultAlphabet } from '../src/verify/faultAlphabet';
import { VERIFY_BOUNDS_DEFAULT } from '../src/verify/verifyBounds';
import { loadVerifyNight, verifyNightFile } from '../src/verify/verifyNight';

export function presetAlphabet(id: string, fresh: boolean, gridMs: number, durationsMs: readonly number[]) {
  const loaded = loadScenarioValue(PRESETS.find((preset) => preset.id === id)?.document, 'preset.json');
  if (!loaded.ok) throw new Error(`preset ${id} does not load`);
  const faults = faultsForScenario(loaded.scenario);
  const bounds = { ...VERIFY_BOUNDS_DEFAULT, faults, gridMs, durationsMs: [...durationsMs] };
  const space = searchSpace(loaded.document as ScenarioDocument, { fresh, faults, invariants: ['I3', 'I4'] });
  const alphabet = faultAlphabet(space, bounds);
  const base = loadVerifyNight(verifyNightFile(space, []));
  if (base === null) throw new Error(`preset ${id}: the base night does not load`);
  const elements = alphabet.map((fault) => loadVerifyNight(verifyNightFile(space, [fault])));
  return { alphabet, elements, assemble: nightAssembler(space, base, alphabet, elements) };
}
