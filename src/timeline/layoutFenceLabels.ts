/**
 * The `last_token` values written above the storage lane's step line. A value is written
 * only where all of it can be read: on a step wide enough to belong to it, inside the plot and
 * left of a lesson's curtain (a label the curtain cuts reads "l", a stub with no meaning).
 * Pure.
 */
import type { FenceLabel, FenceStep } from './geometry';

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

/** `rightBoundPx`: the plot's width, or the curtain's left edge when that comes first. */
export function layoutFenceLabels(steps: readonly FenceStep[], fontPx: number, rightBoundPx: number): FenceLabel[] {
  const labels: FenceLabel[] = [];
  for (const step of steps) {
    if (step.width < FENCE_LABEL_MIN_STEP_PX) continue;
    const text = fenceLabelText(step.lastToken);
    const x = Math.max(step.x, 0) + INSET_X_PX;
    const widthPx = text.length * MONOSPACE_ADVANCE_EM * fontPx;
    if (x + widthPx > rightBoundPx) continue;
    labels.push({ key: step.key, x, y: step.y - RAISE_Y_PX, text });
  }
  return labels;
}
