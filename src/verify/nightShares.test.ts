/**
 * `--workers N` splits each fault count into N shares (`nightExplorer`'s `share`). The shares
 * must add up to the whole, `simulations` included, and find the same smallest night, for any
 * N, not only the machine's cores: the spawn tests can only ask for as many workers as cores.
 */
import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { findPreset } from '../presets/catalogue';
import { searchSpace } from '../search/searchSpace';
import { verifyGrid } from './exploreNights';
import { faultAlphabet } from './faultAlphabet';
import { type LevelResult, nightExplorer } from './nightExplorer';
import { type FailingNight, smallerOf } from './smallestNight';
import { VERIFY_BOUNDS_DEFAULT } from './verifyBounds';

function levels(id: string, share: { index: number; of: number }): LevelResult[] {
  const document = findPreset(id)?.document as ScenarioDocument;
  const bounds = { ...VERIFY_BOUNDS_DEFAULT, gridMs: 60_000, durationsMs: [60_000, 300_000] };
  const space = searchSpace(document, { fresh: true, faults: bounds.faults, invariants: bounds.invariants });
  const explorer = nightExplorer(space, faultAlphabet(space, bounds), verifyGrid(space, bounds.gridMs), share);
  return [explorer.level(1, () => {}), explorer.level(2, () => {})];
}

describe('the shares of a check', () => {
  for (const id of ['s07-fencing-off', 's07-fencing-on']) {
    it(`add up to the whole check on ${id}, for 2 and 3 shares`, () => {
      const whole = levels(id, { index: 0, of: 1 });
      expect(whole[1]?.nights).toBeGreaterThan(1000);
      for (const of of [2, 3]) {
        const shares = Array.from({ length: of }, (_, index) => levels(id, { index, of }));
        for (const count of [0, 1]) {
          const parts = shares.map((share) => share[count] as LevelResult);
          const sum = (field: 'nights' | 'failing' | 'leafRuns') =>
            parts.reduce((total, part) => total + part[field], 0);
          const all = whole[count] as LevelResult;
          expect({ nights: sum('nights'), failing: sum('failing'), leafRuns: sum('leafRuns') }).toEqual({
            nights: all.nights,
            failing: all.failing,
            leafRuns: all.leafRuns,
          });
          // Every share runs the parents; none of them is idle.
          for (const part of parts) {
            expect(part.parentRuns).toBe(all.parentRuns);
            expect(part.nights).toBeGreaterThan(all.nights / of / 2);
          }
          const smallest = parts.reduce<FailingNight | null>(
            (found, part) => (part.smallest === null ? found : smallerOf(found, part.smallest)),
            null,
          );
          expect(smallest).toEqual(all.smallest);
        }
      }
    });
  }
});
