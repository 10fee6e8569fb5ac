import { describe, expect, it } from 'vitest';
import { formatTickLabel, TICK_SPACING_PX, tickStepMs, timeScale, timeTicks } from './timeScale';
import { msToPx, type Viewport } from './viewport';

const H = 3_600_000;
const at = (h: number, m: number, s = 0, ms = 0) => h * H + m * 60_000 + s * 1000 + ms;

describe('timeScale', () => {
  it('maps the viewport onto the plot width, as msToPx does', () => {
    const viewport: Viewport = { fromMs: at(2, 0), toMs: at(2, 10), widthPx: 1000 };
    const scale = timeScale(viewport);
    expect(scale(at(2, 5))).toBe(500);
    expect(scale(at(2, 1, 30))).toBeCloseTo(msToPx(viewport, at(2, 1, 30)), 9);
    expect(scale.invert(250)).toBe(at(2, 2, 30));
  });
});

describe('timeTicks', () => {
  it('labels minutes as hh:mm over a night', () => {
    const ticks = timeTicks({ fromMs: at(2, 0), toMs: at(2, 12), widthPx: 1200 });
    expect(ticks.map((t) => t.label)).toEqual([
      '02:00',
      '02:01',
      '02:02',
      '02:03',
      '02:04',
      '02:05',
      '02:06',
      '02:07',
      '02:08',
      '02:09',
      '02:10',
      '02:11',
      '02:12',
    ]);
    expect(ticks[5]?.x).toBe(500);
  });

  it('labels hours as hh:mm over two nights', () => {
    const ticks = timeTicks({ fromMs: 0, toMs: 48 * H, widthPx: 900 });
    expect(ticks[0]?.label).toBe('00:00');
    expect(ticks[1]?.label).toBe('06:00');
  });

  it('adds seconds, then milliseconds, as the zoom deepens', () => {
    expect(timeTicks({ fromMs: at(2, 5, 0), toMs: at(2, 5, 30), widthPx: 900 })[1]?.label).toBe('02:05:05');
    expect(timeTicks({ fromMs: at(2, 5, 10), toMs: at(2, 5, 10, 900), widthPx: 900 })[1]?.label).toBe('02:05:10.100');
    expect(timeTicks({ fromMs: at(2, 5, 10), toMs: at(2, 5, 10, 10), widthPx: 900 })[1]?.label).toBe('02:05:10.001');
  });

  it('keeps about one label per 90 px', () => {
    for (const widthPx of [300, 640, 1000, 1920]) {
      for (const spanMs of [10, 1234, 60_000, 12 * 60_000, 5 * H, 48 * H]) {
        const viewport = { fromMs: 0, toMs: spanMs, widthPx };
        const ticks = timeTicks(viewport);
        expect(ticks.length).toBeGreaterThanOrEqual(1);
        expect(ticks.length).toBeLessThanOrEqual(Math.floor(widthPx / TICK_SPACING_PX) + 1);
        expect(spanMs / tickStepMs(viewport)).toBeLessThanOrEqual(Math.max(1, Math.floor(widthPx / TICK_SPACING_PX)));
      }
    }
  });

  it('formats labels for a given step', () => {
    expect(formatTickLabel(at(26, 5, 10, 250), 1)).toBe('26:05:10.250');
    expect(formatTickLabel(at(2, 5, 10, 250), 1000)).toBe('02:05:10');
    expect(formatTickLabel(at(2, 5, 10, 250), 60_000)).toBe('02:05');
  });
});
