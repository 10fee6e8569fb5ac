/**
 * How big the chart is drawn for the room it has: a lane height (layout pixels) and a display
 * scale (how many screen pixels one layout pixel takes), both derived from the available width
 * and height, so the night fills a large window or a projector instead of staying 300 px tall.
 *
 * The scale grows type, strokes and marks together (the SVG's viewBox is the layout, its box
 * is the layout times the scale); the lane height then grows the lanes into whatever height is
 * left. Everything else that wants to know how large text is on the screen (label placement)
 * reads the two numbers here rather than measuring the DOM. Pure.
 */
import type { Trace } from '../sim/trace';
import { DEFAULT_LANE_HEIGHT_PX, LANES_TOP_PX, lanesBottomPx, MOMENT_ROWS } from './layoutLanes';
import { serviceLaneRows } from './layoutServices';

/** Below the lanes, inside the plot (layoutTimeline's padding). */
export const CHART_BOTTOM_PADDING_PX = 4;

/** How a place that shows the chart wants it to grow. */
export interface SizingProfile {
  /** The scale never goes below this (a projector wants large type even on a small screen). */
  readonly minScale: number;
  readonly maxScale: number;
  /**
   * How fast type follows the room: the scale is (available / natural height) to this power.
   * 1 grows type as fast as the room (a projector); 0.5 grows it more slowly than the lanes.
   */
  readonly growth: number;
  readonly minLaneHeightPx: number;
  readonly maxLaneHeightPx: number;
  /** The layout keeps at least this width, so the time axis is never squeezed by a large scale. */
  readonly minLayoutWidthPx: number;
  /** Rows for the key moments' words above the lanes (layoutLanes' verticalPlan). */
  readonly momentRows: number;
}

/** The playground: type grows gently and only on wide screens, the lanes take the room. */
export const PLAYGROUND_SIZING: SizingProfile = {
  minScale: 1,
  maxScale: 1.6,
  // Slowly: the key moments' strip above the lanes grows with the type, and the lanes come first.
  growth: 0.25,
  // Lanes give way before the night leaves the screen: a tall night (the outbox's rows, Redis's
  // two nodes) fits a 1280x720 window with its Storage lane.
  minLaneHeightPx: 32,
  maxLaneHeightPx: 100,
  // The flagship's 12 minutes (and 1 % either side) keep a tick a minute (TICK_SPACING_PX) until
  // the window is really wide.
  minLayoutWidthPx: 1290,
  momentRows: MOMENT_ROWS,
};

/**
 * Presentation mode: at least 1.4 times, so the projector theme's 13 px lane labels are 18.2 px
 * on the screen; lanes shrink a little rather than the type when the room is short, and the
 * type grows a little more slowly than the room (the key moments' strip grows with it).
 */
export const PRESENT_SIZING: SizingProfile = {
  minScale: 1.4,
  maxScale: 2.4,
  growth: 0.7,
  minLaneHeightPx: 28,
  maxLaneHeightPx: 88,
  minLayoutWidthPx: 560,
  // Two rows, not three: a step shows the night up to its curtain, a few moments, and at 1.4
  // times the third row cost a 1280x720 projector 28 px of the night (lesson 3 step 4).
  momentRows: 2,
};

export interface ChartSize {
  /** Screen pixels per layout pixel. */
  readonly scale: number;
  readonly laneHeightPx: number;
  /** The layout's whole width (lane labels included): the available width over the scale. */
  readonly layoutWidthPx: number;
}

/** Pure: the chart's height in layout pixels at a lane height, for a night of this shape. */
export type HeightAtLane = (laneHeightPx: number) => number;

/**
 * Pure: the height function of a night (the same sums as layoutTimeline's lanes), whose lanes
 * start at `lanesTopPx` (`verticalPlan()`: below the axis, the violation strip and the key
 * moments' words, which grow with the label font).
 */
export function chartHeightAt(
  trace: Pick<Trace, 'replicaIds' | 'services'>,
  lanesTopPx: number = LANES_TOP_PX,
): HeightAtLane {
  const rows = serviceLaneRows(trace as Trace);
  const replicas = trace.replicaIds.length;
  return (laneHeightPx) => lanesBottomPx(replicas, rows, laneHeightPx, lanesTopPx) + CHART_BOTTOM_PADDING_PX;
}

/** Pure: scale and lane height for `availableWidthPx` x `availableHeightPx` (screen pixels). */
export function chartSize(
  profile: SizingProfile,
  availableWidthPx: number,
  availableHeightPx: number,
  heightAt: HeightAtLane,
): ChartSize {
  const widthPx = Math.max(1, availableWidthPx);
  const naturalPx = heightAt(DEFAULT_LANE_HEIGHT_PX);
  const wanted = (Math.max(1, availableHeightPx) / naturalPx) ** profile.growth;
  const byWidth = widthPx / profile.minLayoutWidthPx;
  // The width bound wins over the minimum: a narrow window keeps a usable axis.
  const scale = round(Math.max(1, Math.min(Math.max(profile.minScale, Math.min(wanted, profile.maxScale)), byWidth)));
  const targetPx = availableHeightPx / scale;
  return {
    scale,
    laneHeightPx: fitLaneHeight(profile, targetPx, heightAt),
    layoutWidthPx: Math.floor(widthPx / scale),
  };
}

/** The tallest whole lane height within the profile's bounds whose chart fits `targetPx`. */
function fitLaneHeight(profile: SizingProfile, targetPx: number, heightAt: HeightAtLane): number {
  let low = profile.minLaneHeightPx;
  let high = profile.maxLaneHeightPx;
  if (heightAt(low) >= targetPx) return low;
  if (heightAt(high) <= targetPx) return high;
  // Heights grow with the lane height, so bisect (a dozen steps over whole pixels).
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (heightAt(middle) <= targetPx) low = middle;
    else high = middle;
  }
  return low;
}

function round(value: number): number {
  // Down, so a scale bounded by the width never rounds up past it.
  return Math.floor(value * 100) / 100;
}
