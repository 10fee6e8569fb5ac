/**
 * Which nights a drag re-runs in the pointer event and which it sends to the night worker:
 * every preset stays on the main thread (the flagship's drag re-runs inside the pointer event,
 * as before), the UI benchmark's 9-replica, 200-event night goes to the worker, and its
 * night comes back from the worker's JSON unchanged.
 */
import { describe, expect, it } from 'vitest';
import { largeUiNightDocument } from '../../../scripts/largeUiNight';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { PRESETS } from '../../presets/catalogue';
import { fitsFrame } from './frameFit';
import { computeNight } from './night';

describe('fitsFrame', () => {
  it.each(PRESETS.map((preset) => [preset.id, preset.document as ScenarioDocument] as const))(
    '%s is re-run in the pointer event',
    (_id, document) => {
      expect(fitsFrame(computeNight(document))).toBe(true);
    },
  );

  it('the 9-replica, 200-event night is re-run in the worker, and comes back from its JSON unchanged', () => {
    const night = computeNight(largeUiNightDocument() as ScenarioDocument);
    expect(night.kind).toBe('ok');
    expect(fitsFrame(night)).toBe(false);
    expect(JSON.parse(JSON.stringify(night))).toStrictEqual(night);
  });

  it('an invalid night has nothing to simulate: it stays on the main thread', () => {
    expect(fitsFrame({ kind: 'invalid', errors: [] })).toBe(true);
  });
});
