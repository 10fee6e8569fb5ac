import { describe, expect, it } from 'vitest';
import {
  clampViewport,
  msToPx,
  panViewport,
  pxToMs,
  resizeViewport,
  SPAN_MAX_MS,
  SPAN_MIN_MS,
  VIEWPORT_MAX_MS,
  type Viewport,
  windowViewport,
  zoomViewport,
} from './viewport';

const H = 3_600_000;
const night: Viewport = { fromMs: 2 * H, toMs: 2 * H + 12 * 60_000, widthPx: 1200 };

describe('zoomViewport', () => {
  it('keeps the anchor at the same pixel', () => {
    const anchorMs = 2 * H + 5 * 60_000;
    const before = msToPx(night, anchorMs);
    const zoomed = zoomViewport(night, 4, anchorMs);
    expect(zoomed.toMs - zoomed.fromMs).toBe(3 * 60_000);
    expect(msToPx(zoomed, anchorMs)).toBeCloseTo(before, 6);
  });

  it('zooms out with a factor below 1', () => {
    const zoomed = zoomViewport(night, 0.5, 2 * H);
    expect(zoomed.toMs - zoomed.fromMs).toBe(24 * 60_000);
    expect(zoomed.fromMs).toBe(2 * H);
  });

  it('never goes below 10 ms or past 48 h, and stays inside 00:00-48:00', () => {
    const tiny = zoomViewport(night, 1e9, 2 * H);
    expect(tiny.toMs - tiny.fromMs).toBe(SPAN_MIN_MS);
    const huge = zoomViewport(night, 1e-9, 2 * H);
    expect(huge.toMs - huge.fromMs).toBe(SPAN_MAX_MS);
    expect(huge.fromMs).toBe(0);
    expect(huge.toMs).toBe(VIEWPORT_MAX_MS);
  });

  it('ignores a factor that is not a positive number', () => {
    expect(zoomViewport(night, 0, 2 * H)).toEqual(night);
    expect(zoomViewport(night, Number.NaN, 2 * H)).toEqual(night);
  });
});

describe('panViewport', () => {
  it('moves the span later or earlier', () => {
    const later = panViewport(night, 60_000);
    expect(later.fromMs).toBe(night.fromMs + 60_000);
    expect(later.toMs - later.fromMs).toBe(night.toMs - night.fromMs);
  });

  it('stops at 00:00 and at 48:00 without shrinking', () => {
    expect(panViewport(night, -10 * H).fromMs).toBe(0);
    const end = panViewport(night, 100 * H);
    expect(end.toMs).toBe(VIEWPORT_MAX_MS);
    expect(end.toMs - end.fromMs).toBe(12 * 60_000);
  });
});

describe('clampViewport and helpers', () => {
  it('repairs a reversed or degenerate viewport', () => {
    const fixed = clampViewport({ fromMs: 100, toMs: 100, widthPx: 0 });
    expect(fixed.toMs - fixed.fromMs).toBe(SPAN_MIN_MS);
    expect(fixed.widthPx).toBe(1);
    expect(clampViewport({ fromMs: 500, toMs: 100, widthPx: 10 })).toEqual({ fromMs: 100, toMs: 500, widthPx: 10 });
  });

  it('maps ms to px and back', () => {
    expect(msToPx(night, night.fromMs)).toBe(0);
    expect(msToPx(night, night.toMs)).toBe(1200);
    expect(pxToMs(night, 600)).toBe(2 * H + 6 * 60_000);
  });

  it('gives the window with a margin, and keeps the span on resize', () => {
    const v = windowViewport(2 * H, 2 * H + 600_000, 800);
    expect(v.fromMs).toBe(2 * H - 6000);
    expect(v.toMs).toBe(2 * H + 606_000);
    expect(resizeViewport(v, 400)).toEqual({ ...v, widthPx: 400 });
  });
});
