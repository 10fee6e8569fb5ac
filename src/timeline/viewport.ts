/**
 * The visible stretch of the night and the pixels it is drawn on. A viewport is a plain value
 * (the UI store holds it); every change goes through the pure functions here, which keep it
 * inside sane bounds so that no gesture can zoom to nothing or scroll off the night.
 */

/** invariant: `VIEWPORT_MIN_MS <= fromMs < toMs <= VIEWPORT_MAX_MS`, `toMs - fromMs` in `[SPAN_MIN_MS, SPAN_MAX_MS]`. */
export interface Viewport {
  /** True time at the plot's left edge, ms of the night (may be fractional while zoomed in). */
  readonly fromMs: number;
  /** True time at the plot's right edge. */
  readonly toMs: number;
  /** Width of the plot area in CSS pixels (lane labels are outside it). */
  readonly widthPx: number;
}

/** Narrowest span: 10 ms across the plot shows single statements apart. */
export const SPAN_MIN_MS = 10;
/** Widest span: the two nights a file may name. */
export const SPAN_MAX_MS = 48 * 3_600_000;
export const VIEWPORT_MIN_MS = 0;
/** 48:00:00, the end of the second night. */
export const VIEWPORT_MAX_MS = 48 * 3_600_000;

/** Pure: the viewport moved and resized into bounds, keeping its centre where it can. */
export function clampViewport(viewport: Viewport): Viewport {
  const widthPx = Number.isFinite(viewport.widthPx) && viewport.widthPx > 0 ? viewport.widthPx : 1;
  let fromMs = Number.isFinite(viewport.fromMs) ? viewport.fromMs : VIEWPORT_MIN_MS;
  let toMs = Number.isFinite(viewport.toMs) ? viewport.toMs : fromMs + SPAN_MAX_MS;
  if (toMs < fromMs) [fromMs, toMs] = [toMs, fromMs];
  const spanMs = Math.min(SPAN_MAX_MS, Math.max(SPAN_MIN_MS, toMs - fromMs));
  const centreMs = (fromMs + toMs) / 2;
  fromMs = centreMs - spanMs / 2;
  // Shift, never shrink, to stay inside 00:00-48:00: the span was already capped to fit.
  if (fromMs < VIEWPORT_MIN_MS) fromMs = VIEWPORT_MIN_MS;
  if (fromMs + spanMs > VIEWPORT_MAX_MS) fromMs = VIEWPORT_MAX_MS - spanMs;
  return { fromMs, toMs: fromMs + spanMs, widthPx };
}

/**
 * Pure: zoom by `factor` around `anchorMs`, which stays at the same pixel. `factor > 1` zooms
 * in (the span is divided by it), `factor < 1` zooms out; the result is clamped, so the anchor
 * may move when a bound is hit.
 */
export function zoomViewport(viewport: Viewport, factor: number, anchorMs: number): Viewport {
  if (!(factor > 0) || !Number.isFinite(factor)) return clampViewport(viewport);
  const oldSpanMs = viewport.toMs - viewport.fromMs;
  const newSpanMs = Math.min(SPAN_MAX_MS, Math.max(SPAN_MIN_MS, oldSpanMs / factor));
  const anchor = Math.min(viewport.toMs, Math.max(viewport.fromMs, anchorMs));
  // The anchor keeps its fraction of the width.
  const fraction = oldSpanMs > 0 ? (anchor - viewport.fromMs) / oldSpanMs : 0.5;
  const fromMs = anchor - fraction * newSpanMs;
  return clampViewport({ fromMs, toMs: fromMs + newSpanMs, widthPx: viewport.widthPx });
}

/** Pure: the viewport moved later by `deltaMs` (earlier when negative), stopped at the bounds. */
export function panViewport(viewport: Viewport, deltaMs: number): Viewport {
  const spanMs = viewport.toMs - viewport.fromMs;
  const fromMs = viewport.fromMs + (Number.isFinite(deltaMs) ? deltaMs : 0);
  return clampViewport({ fromMs, toMs: fromMs + spanMs, widthPx: viewport.widthPx });
}

/** Pure: the viewport with a new pixel width and the same time span (the chart was resized). */
export function resizeViewport(viewport: Viewport, widthPx: number): Viewport {
  return clampViewport({ ...viewport, widthPx });
}

/** Pure: the whole window, with a small margin either side so marks at the edges show. */
export function windowViewport(windowFromMs: number, windowToMs: number, widthPx: number): Viewport {
  const marginMs = (windowToMs - windowFromMs) * 0.01;
  return clampViewport({ fromMs: windowFromMs - marginMs, toMs: windowToMs + marginMs, widthPx });
}

/** Pure: the pixel at which true time `ms` is drawn (may lie outside `0..widthPx`). */
export function msToPx(viewport: Viewport, ms: number): number {
  return ((ms - viewport.fromMs) * viewport.widthPx) / (viewport.toMs - viewport.fromMs);
}

/** Pure: the true time drawn at pixel `px`; the inverse of `msToPx`. */
export function pxToMs(viewport: Viewport, px: number): number {
  return viewport.fromMs + (px * (viewport.toMs - viewport.fromMs)) / viewport.widthPx;
}
