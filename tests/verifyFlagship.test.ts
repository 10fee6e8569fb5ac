/**
 * `leaseline verify` against the brute force (verifyBruteForce.ts) on the flagship twins, the
 * paused holder with fencing on and off: every night with up to two pauses and crashes on a
 * two-minute grid, five minutes long (crashes restart after five minutes or never). The verdict, the counts by fault count and the smallest failing night
 * must be the ones checking each night with `leaseline check` gives.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../src/model/loadScenario';
import { serializeScenario } from '../src/model/serializeScenario';
import { VERIFY_BOUNDS_DEFAULT, type VerifyBounds } from '../src/verify/verifyBounds';
import { verifyDesign } from '../src/verify/verifyDesign';
import { bruteForce, nightWithoutWords, presetDocument } from './verifyBruteForce';

const BOUNDS: VerifyBounds = {
  ...VERIFY_BOUNDS_DEFAULT,
  maxFaults: 2,
  gridMs: 120_000,
  durationsMs: [300_000],
  fresh: true,
};

describe('verify equals checking every night on the flagship twins', () => {
  for (const id of ['s07-fencing-on', 's07-fencing-off']) {
    it(`${id}: verdict, counts and smallest failing night`, () => {
      const document = presetDocument(id);
      const expected = bruteForce(document, BOUNDS);
      const counted = verifyDesign(document, { ...BOUNDS, countAll: true });
      expect(counted.verdict).toBe(expected.verdict);
      expect(counted.alphabetSize).toBe(expected.alphabetSize);
      expect(counted.nightsByFaultCount).toEqual(expected.nightsByFaultCount);
      expect(counted.failingByFaultCount).toEqual(expected.failingByFaultCount);
      expect(counted.exhaustive).toBe(true);
      const smallest = counted.scenario === null ? null : nightWithoutWords(counted.scenario);
      const expectedSmallest =
        expected.smallestText === null ? null : nightWithoutWords(JSON.parse(expected.smallestText));
      expect(smallest).toEqual(expectedSmallest);
      // Without --count: the same night, the counts through its fault count.
      const first = verifyDesign(document, { ...BOUNDS, countAll: false });
      expect(first.scenario).toEqual(counted.scenario);
      const through = (first.smallestFaultCount ?? BOUNDS.maxFaults) + 1;
      expect(first.nightsByFaultCount).toEqual(expected.nightsByFaultCount.slice(0, through));
      expect(first.failingByFaultCount).toEqual(expected.failingByFaultCount.slice(0, through));
      expect(first.exhaustive).toBe(through === BOUNDS.maxFaults + 1);
      if (counted.scenario !== null) {
        // The printed night is a file `check` loads, and it breaks the design there too.
        const loaded = loadScenarioText(serializeScenario(counted.scenario), 'smallest.json');
        expect(loaded.ok).toBe(true);
      }
    });
  }

  it('the fenced flagship is safe within these bounds and the unfenced one is not', () => {
    expect(verifyDesign(presetDocument('s07-fencing-on'), { ...BOUNDS, countAll: false }).verdict).toBe('safe');
    const unfenced = verifyDesign(presetDocument('s07-fencing-off'), { ...BOUNDS, countAll: false });
    expect(unfenced.verdict).toBe('unsafe');
    expect(unfenced.exhaustive).toBe(false);
    expect(unfenced.smallestFaultCount).toBe(1);
  });
});
