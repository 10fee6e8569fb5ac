import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../model/loadScenario';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { findPreset } from '../presets/catalogue';
import { isSafe } from '../sim/checkReport';
import { simulate } from '../sim/simulate';
import { findFailure } from './findFailure';

const preset = (id: string) => findPreset(id)?.document as ScenarioDocument;

describe('findFailure (interim single-fault search)', () => {
  // Two searches of about 900 nights each: seconds on a quiet machine, more on a busy one.
  it('finds a night that really breaks the unfenced flagship, the same for the same seed', { timeout: 120_000 }, () => {
    const first = findFailure(preset('s07-fencing-off'), { budget: 2000, seed: 1, fresh: true });
    const again = findFailure(preset('s07-fencing-off'), { budget: 2000, seed: 1, fresh: true });
    expect(again).toEqual(first);
    if (!first.found) throw new Error('expected a failure');
    const loaded = loadScenarioValue(first.scenario, 'found.json');
    if (!loaded.ok) throw new Error('found night does not load');
    expect(isSafe(simulate(loaded.scenario))).toBe(false);
    expect(first.addedEventIndices).toEqual([0]);
  });

  it('finds nothing on the fenced flagship within its budget, and says which faults it tried', {
    timeout: 60_000,
  }, () => {
    const result = findFailure(preset('s07-fencing-on'), { budget: 300, seed: 1, fresh: true });
    expect(result).toEqual({ found: false, seed: 1, schedulesTried: 300, faults: ['pause', 'pauseBeforeWrite'] });
  });
});
