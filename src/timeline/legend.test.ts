import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import { loadScenarioValue } from '../model/loadScenario';
import { findPreset, PRESETS } from '../presets/catalogue';
import { layoutTimeline } from './layoutTimeline';
import { legendItems, SWATCH_HEIGHT_PX, SWATCH_WIDTH_PX } from './legend';
import { windowViewport } from './viewport';

function keysOf(id: string): string[] {
  return itemsOf(id).map((item) => item.key);
}

function itemsOf(id: string) {
  const run = runPreset(id);
  const loaded = loadScenarioValue(findPreset(id)?.document, `${id}.json`);
  if (!loaded.ok) throw new Error(id);
  const viewport = windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 1200);
  const geometry = layoutTimeline({
    trace: run.trace,
    scenario: run.scenario,
    events: loaded.document.events ?? [],
    viewport,
  });
  return legendItems(geometry);
}

describe('legendItems', () => {
  it("lists the flagship's marks: the pause, the zombie's belief, two leases, the fence, doubled writes", () => {
    // Its lock steps are all short at this width: ticks, not bars.
    expect(keysOf('s07-fencing-off')).toEqual([
      'activity.tick',
      'activity.loading',
      'activity.computing',
      'activity.finishing',
      'process.paused',
      'belief.held',
      'belief.outlived',
      'belief.expiry',
      'lease.held',
      'lockRow',
      'fence',
      'write.accepted',
      'write.twice',
      'arrow.accepted',
      'zombie',
      'violation',
      'event.pause',
      'playhead',
    ]);
  });

  it('lists a stale write with fencing on, and no doubled order', () => {
    const keys = keysOf('s07-fencing-on');
    expect(keys).toContain('write.stale');
    expect(keys).not.toContain('write.twice');
  });

  it('lists a Redis night by its own marks: the key on the nodes, the dead primary, the failover', () => {
    const keys = keysOf('s10-redis-failover');
    expect(keys).toEqual(expect.arrayContaining(['service.held', 'service.down', 'event.redisFailover']));
    expect(keys).not.toContain('lockRow');
    expect(keys).not.toEqual(keysOf('s07-fencing-off'));
  });

  it('draws each swatch as one mark of the night inside its box', () => {
    for (const preset of PRESETS) {
      for (const item of itemsOf(preset.id)) {
        const { swatch } = item;
        expect(swatch.widthPx).toBe(SWATCH_WIDTH_PX);
        const bands = [
          ...swatch.activityBands,
          ...swatch.processBands,
          ...swatch.beliefBars,
          ...swatch.leaseBars,
          ...swatch.lockRows,
          ...swatch.serviceSpans,
          ...swatch.zombies,
        ];
        for (const band of bands) {
          expect(band.x, `${preset.id} ${item.key}`).toBeGreaterThanOrEqual(0);
          expect(band.x + band.width).toBeLessThanOrEqual(SWATCH_WIDTH_PX);
          expect(band.y + band.height).toBeLessThanOrEqual(SWATCH_HEIGHT_PX);
        }
        const marks =
          bands.length +
          swatch.writes.length +
          swatch.writeArrows.length +
          swatch.momentLabels.length +
          swatch.violations.length +
          swatch.handles.length +
          swatch.fenceSteps.length;
        if (item.key !== 'playhead') expect(marks, `${preset.id} ${item.key}`).toBeGreaterThan(0);
      }
      // Keys are unique within a legend.
      const keys = itemsOf(preset.id).map((item) => item.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
    // Every preset, simulated and laid out: slow on a busy machine.
  }, 60_000);
});
