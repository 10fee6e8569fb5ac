/**
 * Which sets of alphabet elements are nights is the loader's word, and `verify` asks it once
 * per element (src/verify/nightExplorer.ts): a set is a night when each of its elements is one
 * alone and the file stays within the format's event limit. That holds only while the loader
 * checks events one by one (besides their count and ids). Here random sets, over designs of
 * every lock kind with every fault kind that applies and lengths that make some elements
 * refused (a restart past 48:00), are loaded whole and compared with that rule; and the night
 * verify assembles from its elements (src/verify/assembleNight.ts) is the loader's, to the byte.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import { EVENTS_MAX, type ScenarioDocument } from '../src/model/scenarioSchema';
import { PRESETS } from '../src/presets/catalogue';
import { faultsForScenario } from '../src/search/faultKinds';
import { eventCountOf } from '../src/search/searchFault';
import { searchSpace } from '../src/search/searchSpace';
import { nightAssembler } from '../src/verify/assembleNight';
import { faultAlphabet } from '../src/verify/faultAlphabet';
import { VERIFY_BOUNDS_DEFAULT } from '../src/verify/verifyBounds';
import { loadVerifyNight, verifyNightFile } from '../src/verify/verifyNight';

describe("verify's nights are the loader's", () => {
  it('a set loads exactly when each element loads alone and the events fit, and is assembled as loaded', () => {
    let refusedSets = 0;
    let nights = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...PRESETS.map((preset) => preset.id)),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 0, maxLength: 4 }),
        (id, fresh, picks) => {
          const loaded = loadScenarioValue(PRESETS.find((preset) => preset.id === id)?.document, 'preset.json');
          if (!loaded.ok) throw new Error(`preset ${id} does not load`);
          const faults = faultsForScenario(loaded.scenario);
          const bounds = { ...VERIFY_BOUNDS_DEFAULT, faults, gridMs: 300_000, durationsMs: [60_000, 46 * 3_600_000] };
          const space = searchSpace(loaded.document as ScenarioDocument, { fresh, faults, invariants: ['I3', 'I4'] });
          const alphabet = faultAlphabet(space, bounds);
          const indices = [...new Set(picks.map((pick) => pick % alphabet.length))].sort((a, b) => a - b);
          const night = indices.map((index) => alphabet[index] as (typeof alphabet)[number]);
          const whole = loadVerifyNight(verifyNightFile(space, night)) !== null;
          const eachAlone = night.every((fault) => loadVerifyNight(verifyNightFile(space, [fault])) !== null);
          const events = (space.baseDocument.events?.length ?? 0) + night.reduce((n, f) => n + eventCountOf(f), 0);
          expect(whole).toBe(eachAlone && events <= EVENTS_MAX);
          if (whole) {
            // And the night verify assembles is, to the byte, the one the loader reads from its file.
            const base = loadVerifyNight(verifyNightFile(space, []));
            const elements = alphabet.map((fault) => loadVerifyNight(verifyNightFile(space, [fault])));
            if (base === null) throw new Error('the base night does not load');
            const assembled = nightAssembler(space, base, alphabet, elements)(indices);
            expect(JSON.stringify(assembled)).toBe(JSON.stringify(loadVerifyNight(verifyNightFile(space, night))));
          }
          if (whole) nights += 1;
          else refusedSets += 1;
        },
      ),
      { numRuns: 400, seed: 4812 },
    );
    // Both answers were seen: the rule was tested on refused sets as on nights.
    expect(nights).toBeGreaterThan(50);
    expect(refusedSets).toBeGreaterThan(20);
  }, 300_000);
});
