import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { findPreset, PRESETS } from '../src/presets/catalogue';
import { FENCED_TWINS, fencedTwinOf } from '../src/presets/fencedTwins';

function resolved(id: string): ResolvedScenario {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  const loaded = loadScenarioValue(preset.document, `${id}.json`);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.scenario;
}

/** The night a scenario makes, with its fencing set to `fencing`: its words left out. */
function nightWithFencing(scenario: ResolvedScenario, fencing: ResolvedScenario['storage']['fencing']): string {
  const { title: _title, description: _description, ...night } = scenario;
  return JSON.stringify({ ...night, storage: { ...night.storage, fencing } });
}

describe('fenced twins', () => {
  it.each(FENCED_TWINS)('%s with fencing switched on is the night of %s, which has it on', (unfenced, fenced) => {
    const off = resolved(unfenced);
    const on = resolved(fenced);
    expect(off.storage.fencing).toBe('off');
    expect(on.storage.fencing).toBe('job');
    // The switch opens the twin rather than editing: only so when the twin is that edit's night.
    expect(nightWithFencing(off, 'job')).toBe(nightWithFencing(on, 'job'));
    // Each tells its own story.
    expect(on.title).not.toBe(off.title);
    expect(on.description).not.toBe(off.description);
  });

  it('pairs each preset once, both ways, and names only presets that exist', () => {
    const named = FENCED_TWINS.flat();
    expect(new Set(named).size).toBe(named.length);
    for (const id of named) {
      expect(findPreset(id), id).toBeDefined();
      expect(fencedTwinOf(fencedTwinOf(id) ?? '')).toBe(id);
    }
    const unpaired = PRESETS.filter((preset) => !named.includes(preset.id));
    for (const preset of unpaired) expect(fencedTwinOf(preset.id)).toBeUndefined();
  });

  it('leaves no twin out: no other preset is the night of a preset with its fencing switched', () => {
    const nights = PRESETS.map((preset) => ({ id: preset.id, scenario: resolved(preset.id) }));
    const switched = (scenario: ResolvedScenario) => (scenario.storage.fencing === 'off' ? 'job' : 'off');
    for (const { id, scenario } of nights) {
      const turned = nightWithFencing(scenario, switched(scenario));
      const same = nights.filter(
        (other) => other.id !== id && nightWithFencing(other.scenario, other.scenario.storage.fencing) === turned,
      );
      expect(
        same.map((other) => other.id),
        id,
      ).toEqual(fencedTwinOf(id) === undefined ? [] : [fencedTwinOf(id)]);
    }
  });
});
