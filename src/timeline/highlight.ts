/**
 * What a guided tour points at, and what it keeps back until the viewer has predicted: a
 * spotlight (a ring) around chosen marks, a curtain over the night after a moment, and writes
 * whose result is masked. Pure: `spotlightBoxes()` turns the choice into rectangles from the
 * geometry, and `writeVisibility()` says how each write marker is drawn; the drawer only joins
 * them to the SVG (drawHighlight.ts).
 */
import type { TimelineGeometry, WriteMarker } from './geometry';
import { msToPx, type Viewport } from './viewport';

export interface TimelineHighlight {
  /** `trace.writes[].writeId` of writes to ring. */
  readonly writeIds?: readonly number[];
  /** `trace.grants[].grantId` of lease bars to ring. */
  readonly grantIds?: readonly number[];
  /** Indices of document events whose handles to ring. */
  readonly eventIndices?: readonly number[];
  /** Lane ids (a replica id, `lock`, `storage`) to ring whole. */
  readonly laneIds?: readonly string[];
  /**
   * Marks at or after this true time are hidden behind a curtain (predict, then reveal): null
   * or absent, no curtain. Writes there are not drawn unless listed in `maskedWriteIds`.
   */
  readonly curtainFromMs?: number | null;
  /** Writes drawn without their result (a neutral shape), named by `maskedLabels`. */
  readonly maskedWriteIds?: readonly number[];
  /** Accessible name of each masked write, without its result (the app translates it). */
  readonly maskedLabels?: ReadonlyMap<number, string>;
  /**
   * Names of writes shown before the curtain without "applied more than once": while the
   * curtain is up, a doubly-applied write drawn before it must not give away (by its ring, its
   * link or its name) what happens after it.
   */
  readonly plainLabels?: ReadonlyMap<number, string>;
  /** Accessible text of the curtain, e.g. "The rest of the night is hidden until you predict". */
  readonly curtainLabel?: string;
}

/**
 * The curtain starts this far before its moment: a violation marker at that very instant is
 * drawn centred on it and would otherwise peek out (S07: I3 and I4 at 02:07:50.002). The
 * masked write itself is drawn above the curtain.
 */
export const CURTAIN_LEAD_PX = 10;

/**
 * Pure: the plot x where the curtain begins for `curtainFromMs` (null: no curtain). The drawer
 * draws the panel from here, and the label placer keeps every word left of it, so no label is
 * cut by the panel ("A wa" for "A wakes ...") or left as a stub beside it.
 */
export function curtainLeftPx(viewport: Viewport, curtainFromMs: number | null | undefined): number | null {
  if (curtainFromMs === null || curtainFromMs === undefined) return null;
  return Math.max(0, msToPx(viewport, curtainFromMs) - CURTAIN_LEAD_PX);
}

export interface SpotlightBox {
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Room around a ringed mark, in plot pixels, so the ring does not cover the mark's edge. */
export const SPOTLIGHT_PAD_PX = 4;
/** Half the side of the box ringed around a write marker. */
const WRITE_HALF_PX = 9;

/** Pure: one rectangle per highlighted mark that has a place in the geometry. */
export function spotlightBoxes(geometry: TimelineGeometry, highlight: TimelineHighlight | null): SpotlightBox[] {
  if (highlight === null) return [];
  const boxes: SpotlightBox[] = [];
  const pad = SPOTLIGHT_PAD_PX;
  for (const laneId of highlight.laneIds ?? []) {
    const lane = geometry.lanes.find((candidate) => candidate.id === laneId);
    if (lane)
      boxes.push({ key: `lane:${laneId}`, x: 0, y: lane.y, width: geometry.viewport.widthPx, height: lane.height });
  }
  for (const grantId of highlight.grantIds ?? []) {
    const bar = geometry.leaseBars.find((candidate) => candidate.grantId === grantId);
    if (bar) boxes.push(padded(`grant:${grantId}`, bar.x, bar.y, bar.width, bar.height, pad));
  }
  for (const eventIndex of highlight.eventIndices ?? []) {
    const handle = geometry.handles.find((candidate) => candidate.eventIndex === eventIndex);
    if (!handle) continue;
    const width = Math.max(handle.width, 2 * WRITE_HALF_PX);
    const x = handle.kind === 'point' ? handle.x0Px - WRITE_HALF_PX : handle.x;
    boxes.push(padded(`event:${eventIndex}`, x, handle.y, width, handle.height, pad));
  }
  for (const writeId of highlight.writeIds ?? []) {
    const write = geometry.writes.find((candidate) => candidate.writeId === writeId);
    if (!write) continue;
    const side = 2 * WRITE_HALF_PX;
    boxes.push(padded(`write:${writeId}`, write.x - WRITE_HALF_PX, write.y - WRITE_HALF_PX, side, side, pad));
  }
  return boxes;
}

function padded(key: string, x: number, y: number, width: number, height: number, pad: number): SpotlightBox {
  return { key, x: x - pad, y: y - pad, width: width + 2 * pad, height: height + 2 * pad };
}

export type WriteVisibility = 'shown' | 'masked' | 'hidden';

/** What of a highlight decides where labels may go: the curtain and the masked writes. */
export type CurtainOfHighlight = Pick<TimelineHighlight, 'curtainFromMs' | 'maskedWriteIds'>;

/** Pure: how a write marker is drawn under the highlight (masked wins over the curtain). */
export function writeVisibility(write: WriteMarker, highlight: CurtainOfHighlight | null): WriteVisibility {
  if (highlight === null) return 'shown';
  if (highlight.maskedWriteIds?.includes(write.writeId)) return 'masked';
  const curtainMs = highlight.curtainFromMs ?? null;
  return curtainMs !== null && write.atMs >= curtainMs ? 'hidden' : 'shown';
}
