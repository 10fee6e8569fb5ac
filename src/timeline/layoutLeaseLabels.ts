/**
 * Where each lease bar's name (`B · token 8`) is written on the lock lane. Two holders' bars
 * overlap when a lock is granted twice (the very night the chart exists to show), and a name
 * written at each bar's start then runs into the other's, or under the later bar drawn over
 * it. A name goes at its bar's start, else at its end, wherever it is clear of the names
 * already written and of every bar drawn after its own; a name with room nowhere is left out
 * (the bar's end handle and the key moments still name the grant). Pure.
 */
import type { LeaseBar } from './geometry';
import { boxesIntersect, type LabelBox, textWidthPx } from './labelPlacement';

/** Below this width a lease bar's name is left out rather than run past its end. */
export const LEASE_LABEL_MIN_PX = 56;
/** The name's distance from the bar's visible start (or end). */
const INSET_PX = 4;

/** The span of a bar that is drawn on screen (its x is already clipped to the plot). */
function spanBox(bar: Pick<LeaseBar, 'x' | 'width' | 'y' | 'height'>): LabelBox {
  return { x: Math.max(bar.x, 0), y: bar.y, width: bar.width, height: bar.height };
}

/**
 * Pure: each bar with `labelX` (the name's left edge in plot pixels) or null. `bars` in
 * drawing order (later bars are painted over earlier ones); the lane's bars share one band.
 */
export function placeLeaseLabels(bars: readonly Omit<LeaseBar, 'labelX'>[], fontPx: number): LeaseBar[] {
  const written: LabelBox[] = [];
  return bars.map((bar, index) => {
    if (bar.width < LEASE_LABEL_MIN_PX || bar.label === '') return { ...bar, labelX: null };
    const span = spanBox(bar);
    const widthPx = textWidthPx(bar.label, fontPx);
    const later = bars.slice(index + 1).map(spanBox);
    const candidates = [span.x + INSET_PX, span.x + span.width - INSET_PX - widthPx];
    for (const x of candidates) {
      if (x < span.x) continue;
      const box: LabelBox = { x, y: bar.y, width: widthPx, height: bar.height };
      if (written.some((other) => boxesIntersect(box, other)) || later.some((other) => boxesIntersect(box, other)))
        continue;
      written.push(box);
      return { ...bar, labelX: x };
    }
    return { ...bar, labelX: null };
  });
}
