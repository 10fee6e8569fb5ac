import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { i18n } from '../i18n';
import { scenarioButton } from './scenarioButton';

const t = i18n.t.bind(i18n) as TFunction;
const flagship = findPreset('s07-fencing-off')?.document as ScenarioDocument;

describe('the Scenario button names where the night on screen came from', () => {
  it('a preset by its title, "(edited)" once it differs', () => {
    expect(scenarioButton(t, 's07-fencing-off', flagship, null).note).toBeUndefined();
    const moved = { ...flagship, events: [] };
    expect(scenarioButton(t, 's07-fencing-off', moved, null)).toMatchObject({
      note: '(edited)',
      presetId: 's07-fencing-off',
    });
  });

  it('the night Find a failure opened, not an "Edited scenario"', () => {
    expect(scenarioButton(t, 'search', flagship, null)).toEqual({
      text: 'The night “Find a failure” found',
      presetId: null,
    });
  });

  it('a link, and a night of unknown origin', () => {
    expect(scenarioButton(t, 'link', flagship, null).text).toBe('Scenario from a link');
    expect(scenarioButton(t, 'custom', flagship, null).text).toBe('Edited scenario');
  });
});
