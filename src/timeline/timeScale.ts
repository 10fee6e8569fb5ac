/**
 * The time axis: a d3 linear scale from true time (ms of the night) to plot pixels, and ticks
 * whose labels carry as much precision as the zoom needs (`02:00`, `02:05:10`,
 * `02:05:10.250`). Pure.
 */
import { type ScaleLinear, scaleLinear } from 'd3';
import type { Viewport } from './viewport';

export interface AxisTick {
  /** True time of the tick, integer ms. */
  readonly ms: number;
  /** Plot x in px. */
  readonly x: number;
  readonly label: string;
}

/** About one label per this many pixels keeps `02:05:10.250` from running into its neighbour. */
export const TICK_SPACING_PX = 90;

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
/** Steps a reader can count in, finest first. */
const TICK_STEPS_MS: readonly number[] = [
  1,
  2,
  5,
  10,
  20,
  50,
  100,
  200,
  500,
  SECOND_MS,
  2 * SECOND_MS,
  5 * SECOND_MS,
  10 * SECOND_MS,
  15 * SECOND_MS,
  30 * SECOND_MS,
  MINUTE_MS,
  2 * MINUTE_MS,
  5 * MINUTE_MS,
  10 * MINUTE_MS,
  15 * MINUTE_MS,
  30 * MINUTE_MS,
  HOUR_MS,
  2 * HOUR_MS,
  3 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  24 * HOUR_MS,
];
/** No more ticks than this, whatever the width: a bound on the loop below. */
const TICKS_MAX = 200;

/** Pure: a d3 scale for the viewport, domain `[fromMs, toMs]`, range `[0, widthPx]`. */
export function timeScale(viewport: Viewport): ScaleLinear<number, number> {
  return scaleLinear().domain([viewport.fromMs, viewport.toMs]).range([0, viewport.widthPx]);
}

/** Pure: the step between ticks for this viewport, from `TICK_STEPS_MS`. */
export function tickStepMs(viewport: Viewport): number {
  const spanMs = viewport.toMs - viewport.fromMs;
  const wanted = Math.max(1, Math.floor(viewport.widthPx / TICK_SPACING_PX));
  for (const stepMs of TICK_STEPS_MS) {
    if (spanMs / stepMs <= wanted) return stepMs;
  }
  return TICK_STEPS_MS[TICK_STEPS_MS.length - 1] ?? HOUR_MS;
}

/** Pure: ticks at multiples of the step inside the viewport, labelled for that step. */
export function timeTicks(viewport: Viewport): AxisTick[] {
  const stepMs = tickStepMs(viewport);
  const spanMs = viewport.toMs - viewport.fromMs;
  const ticks: AxisTick[] = [];
  const firstMs = Math.ceil(viewport.fromMs / stepMs) * stepMs;
  for (let ms = firstMs; ms <= viewport.toMs && ticks.length < TICKS_MAX; ms += stepMs) {
    ticks.push({ ms, x: ((ms - viewport.fromMs) * viewport.widthPx) / spanMs, label: formatTickLabel(ms, stepMs) });
  }
  return ticks;
}

/** Pure: `02:05` for minute steps and coarser, `02:05:10` for seconds, `02:05:10.250` below. */
export function formatTickLabel(ms: number, stepMs: number): string {
  const hours = Math.floor(ms / HOUR_MS);
  const minutes = Math.floor(ms / MINUTE_MS) % 60;
  const hhmm = `${pad(hours, 2)}:${pad(minutes, 2)}`;
  if (stepMs >= MINUTE_MS) return hhmm;
  const seconds = Math.floor(ms / SECOND_MS) % 60;
  if (stepMs >= SECOND_MS) return `${hhmm}:${pad(seconds, 2)}`;
  return `${hhmm}:${pad(seconds, 2)}.${pad(ms % SECOND_MS, 3)}`;
}

function pad(n: number, digits: number): string {
  return String(n).padStart(digits, '0');
}
