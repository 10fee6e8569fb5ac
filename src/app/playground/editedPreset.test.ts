import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../model/scenarioEdit';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { isEditedPreset } from './editedPreset';

const flagship = findPreset('s07-fencing-off')?.document as ScenarioDocument;

describe('isEditedPreset', () => {
  it('is false for the preset itself, a copy of its bytes, and a copy with other words', () => {
    expect(isEditedPreset(flagship, 's07-fencing-off')).toBe(false);
    expect(isEditedPreset(JSON.parse(JSON.stringify(flagship)), 's07-fencing-off')).toBe(false);
    const reworded = { ...flagship, title: 'My night', description: 'Mine', explanation: 'Because.' };
    expect(isEditedPreset(reworded, 's07-fencing-off')).toBe(false);
    const relabelled = {
      ...flagship,
      events: (flagship.events ?? []).map((event) => ({ ...event, label: 'look here' })),
    } as ScenarioDocument;
    expect(isEditedPreset(relabelled, 's07-fencing-off')).toBe(false);
  });

  it('is true once the night changes: fencing switched, an event removed', () => {
    const fenced = applyEdits(flagship, [{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    expect(isEditedPreset(fenced, 's07-fencing-off')).toBe(true);
    const fewer = applyEdits(flagship, [{ kind: 'removeEvent', index: 0 }]);
    expect(isEditedPreset(fewer, 's07-fencing-off')).toBe(true);
  });

  it('is false again when the change is taken back by hand (the night, not the history)', () => {
    const on = applyEdits(flagship, [{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    const offAgain = applyEdits(on, [{ kind: 'patchStorage', patch: { fencing: 'off' } }]);
    expect(offAgain).not.toBe(flagship);
    expect(isEditedPreset(offAgain, 's07-fencing-off')).toBe(false);
  });
});
