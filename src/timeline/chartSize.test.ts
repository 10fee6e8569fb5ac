import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import { PRESETS } from '../presets/catalogue';
import { chartHeightAt, chartSize, PLAYGROUND_SIZING, PRESENT_SIZING, type SizingProfile } from './chartSize';
import { layoutTimeline } from './layoutTimeline';
import { windowViewport } from './viewport';

/** The lanes' height on the screen: what a person sees of the night (the axis strip left out). */
function drawnLanesPx(id: string, profile: SizingProfile, widthPx: number, heightPx: number) {
  const run = runPreset(id);
  const size = chartSize(profile, widthPx, heightPx, chartHeightAt(run.trace));
  const viewport = windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, size.layoutWidthPx - 112);
  const geometry = layoutTimeline({
    trace: run.trace,
    scenario: run.scenario,
    events: [],
    viewport,
    laneHeightPx: size.laneHeightPx,
    displayScale: size.scale,
  });
  return { size, geometry, lanesPx: (geometry.lanesBottomY - geometry.lanesTopY) * size.scale };
}

describe('chartHeightAt', () => {
  it("is the laid-out chart's height for every preset at several lane heights", () => {
    for (const preset of PRESETS) {
      const run = runPreset(preset.id);
      const heightAt = chartHeightAt(run.trace);
      for (const laneHeightPx of [28, 48, 71, 88]) {
        const viewport = windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 800);
        const geometry = layoutTimeline({
          trace: run.trace,
          scenario: run.scenario,
          events: [],
          viewport,
          laneHeightPx,
        });
        expect(heightAt(laneHeightPx), `${preset.id} at ${laneHeightPx}`).toBe(geometry.heightPx);
      }
    }
    // Every preset, simulated and laid out: slow on a busy machine.
  }, 60_000);
});

describe('chartSize', () => {
  const flagship = chartHeightAt(runPreset('s07-fencing-off').trace);

  it('gives way in a small room down to its smallest lanes, at scale 1', () => {
    expect(chartSize(PLAYGROUND_SIZING, 1000, 200, flagship)).toEqual({
      scale: 1,
      laneHeightPx: PLAYGROUND_SIZING.minLaneHeightPx,
      layoutWidthPx: 1000,
    });
  });

  it('fits the flagship, Storage lane and all, under the header at 1280x720 (about 440 px of room)', () => {
    const size = chartSize(PLAYGROUND_SIZING, 1238, 440, flagship);
    expect(flagship(size.laneHeightPx) * size.scale).toBeLessThanOrEqual(440);
    expect(size.laneHeightPx).toBeGreaterThanOrEqual(48);
  });

  it('grows type and lanes with the room, lanes faster than type in the playground', () => {
    const small = chartSize(PLAYGROUND_SIZING, 1900, 400, flagship);
    const large = chartSize(PLAYGROUND_SIZING, 1900, 600, flagship);
    expect(large.scale).toBeGreaterThan(small.scale);
    expect(large.laneHeightPx).toBeGreaterThan(small.laneHeightPx);
    // Growth 0.25: twice the room is about 1.19 times the type.
    expect(chartSize(PLAYGROUND_SIZING, 1900, 2 * flagship(48), flagship).scale).toBeCloseTo(2 ** 0.25, 1);
  });

  it('fills the room without spilling over it', () => {
    for (const heightPx of [320, 450, 600, 700]) {
      const size = chartSize(PLAYGROUND_SIZING, 1900, heightPx, flagship);
      const drawnPx = flagship(size.laneHeightPx) * size.scale;
      expect(drawnPx).toBeLessThanOrEqual(heightPx);
      // One more pixel of lane would not fit (unless the lanes are at their largest).
      if (size.laneHeightPx < PLAYGROUND_SIZING.maxLaneHeightPx)
        expect(flagship(size.laneHeightPx + 1) * size.scale).toBeGreaterThan(heightPx);
    }
  });

  it('lets a narrow window keep its axis: the scale never squeezes the layout below its width', () => {
    const size = chartSize(PRESENT_SIZING, 700, 900, flagship);
    expect(size.layoutWidthPx).toBeGreaterThanOrEqual(PRESENT_SIZING.minLayoutWidthPx);
    expect(chartSize(PLAYGROUND_SIZING, 740, 900, flagship).scale).toBeLessThanOrEqual(740 / 720);
  });

  it('gives presentation mode large type even in a short room', () => {
    const size = chartSize(PRESENT_SIZING, 1200, 330, flagship);
    expect(size.scale).toBe(PRESENT_SIZING.minScale);
    // The projector theme's 13 px lane labels on the screen.
    expect(13 * size.scale).toBeGreaterThanOrEqual(18);
    expect(size.laneHeightPx).toBeLessThan(48);
  });

  it('draws the flagship at least 480 px tall in a 1920x1080 playground (600 px of room)', () => {
    expect(drawnLanesPx('s07-fencing-off', PLAYGROUND_SIZING, 1890, 600).lanesPx).toBeGreaterThanOrEqual(480);
  });

  it('never lets a lane fall below the smallest the profile allows, however many rows', () => {
    for (const id of ['s16-outbox-no-lock', 's10-redis-failover', 's15-etcd-session-expires']) {
      const { size } = drawnLanesPx(id, PRESENT_SIZING, 1200, 250);
      expect(size.laneHeightPx).toBe(PRESENT_SIZING.minLaneHeightPx);
    }
  });
});
