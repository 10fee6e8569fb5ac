/**
 * The `last_token` values written above the storage lane's step line. A value is written
 * only where all of it can be read: on a step wide enough to belong to it, inside the plot,
 * left of a lesson's curtain (a label the curtain cuts reads "l", a stub with no meaning) and
 * clear of every other word on the chart. Pure.
 */
import type { FenceLabel, FenceStep } from './geometry';
import type { LabelBox, LabelPlacer } from './labelPlacement';

/** A step narrower than this keeps its line but not its words (they would belong to no step). */
export const FENCE_LABEL_MIN_STEP_PX = 48;
/** The label's distance from the step's start, and above its line. */
const INSET_X_PX = 3;
const RAISE_Y_PX = 2;
/** Advance of one monospace character, in ems (ui-monospace faces are 0.6 em or narrower). */
const MONOSPACE_ADVANCE_EM = 0.6;

/** The labels' size for the chart's label size (11 px on the page, 13 px on a projector). */
export function fenceLabelFontPx(labelFontPx: number): number {
  return Math.round(labelFontPx * 0.9);
}

export function fenceLabelText(lastToken: number): string {
  return `last_token ${lastToken}`;
}

/** The text's box above its baseline at `y`: ascenders to descenders of the monospace face. */
function labelBox(x: number, y: number, text: string, fontPx: number): LabelBox {
  return { x, y: y - fontPx, width: text.length * MONOSPACE_ADVANCE_EM * fontPx, height: fontPx * 1.25 };
}

/**
 * Pure: the values that have room, placed through the chart's one label placer (inside the
 * plot, left of a curtain, clear of every label placed before: a write's `#1002` beside the
 * step). The latest value is placed first: where two steps' words would collide, the value
 * the storage holds from then on is the one kept. Each goes at its step's start, or at its
 * end when the start is taken.
 */
export function layoutFenceLabels(steps: readonly FenceStep[], fontPx: number, placer: LabelPlacer): FenceLabel[] {
  const labels: FenceLabel[] = [];
  for (const step of [...steps].reverse()) {
    if (step.width < FENCE_LABEL_MIN_STEP_PX) continue;
    const text = fenceLabelText(step.lastToken);
    const y = step.y - RAISE_Y_PX;
    const startX = Math.max(step.x, 0) + INSET_X_PX;
    const atStart = labelBox(startX, y, text, fontPx);
    const atEnd = labelBox(step.x + step.width - INSET_X_PX - atStart.width, y, text, fontPx);
    for (const box of atEnd.x > atStart.x ? [atStart, atEnd] : [atStart]) {
      if (!placer.fits([box])) continue;
      placer.take([box]);
      labels.push({ key: step.key, x: box.x, y, text });
      break;
    }
  }
  return labels.reverse();
}
