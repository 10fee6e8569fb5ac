import { describe, expect, it } from 'vitest';
import { runPreset } from '../../../tests/runPreset';
import { EVENT_TYPES } from '../../model/eventSchema';
import { loadScenarioValue } from '../../model/loadScenario';
import { findPreset, PRESETS } from '../../presets/catalogue';
import { layoutTimeline } from '../../timeline/layoutTimeline';
import { legendItems } from '../../timeline/legend';
import { windowViewport } from '../../timeline/viewport';
import { hasLegendText } from './legendText';

describe('legend words', () => {
  it('has words for every mark any preset draws, and for every event type', () => {
    const missing = new Set<string>();
    for (const preset of PRESETS) {
      const run = runPreset(preset.id);
      const loaded = loadScenarioValue(findPreset(preset.id)?.document, `${preset.id}.json`);
      if (!loaded.ok) throw new Error(preset.id);
      const viewport = windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 1200);
      const geometry = layoutTimeline({
        trace: run.trace,
        scenario: run.scenario,
        events: loaded.document.events ?? [],
        viewport,
      });
      for (const item of legendItems(geometry)) if (!hasLegendText(item.key)) missing.add(item.key);
    }
    for (const type of EVENT_TYPES) if (!hasLegendText(`event.${type}`)) missing.add(`event.${type}`);
    expect([...missing]).toEqual([]);
    // Every preset, simulated and laid out: slow on a busy machine.
  }, 60_000);
});
