/**
 * Where an event's own label (the scenario file's `label`, "A crashes") is written on its
 * lane. A span's label sits inside its body; a point's beside its mark, right of it, or left
 * when the right is taken: a crash and a restart seconds apart would otherwise write "A
 * crashes" over "A restarts" and over the restart's mark. A label clear of every other event's
 * mark and of the labels already written on its lane is written; one with room nowhere is
 * left out (the event table and the handle's name still say it). Pure.
 */
import type { EventHandle } from './geometry';
import { boxesIntersect, type LabelBox, textWidthPx } from './labelPlacement';

/** A point event's mark, drawn centred on its instant (drawHandles.ts). */
export const POINT_SIZE_PX = 11;
/** The mark's half width with its grip margin: the label keeps clear of it. */
export const POINT_HALF_PX = POINT_SIZE_PX / 2 + 2;
/** A span narrower than this (on screen) does not show the file's label. */
export const SPAN_LABEL_MIN_PX = 30;
/** The labels' type size (timeline.css `.tl-handle-label`). */
export const HANDLE_LABEL_FONT_PX = 9;
/** Room between a point's mark and its label, and a span's edge and its label. */
const GAP_PX = 2;
const SPAN_INSET_PX = 4;

/** The mark a point event draws, as a box. */
function markBox(handle: Omit<EventHandle, 'labelX'>): LabelBox {
  const cy = handle.y + handle.height / 2;
  return { x: handle.x0Px - POINT_HALF_PX, y: cy - POINT_HALF_PX, width: 2 * POINT_HALF_PX, height: 2 * POINT_HALF_PX };
}

/** Where the label may go, in order of preference (left edges, plot px). */
function candidates(handle: Omit<EventHandle, 'labelX'>, widthPx: number): number[] {
  if (handle.kind === 'span') return handle.width >= SPAN_LABEL_MIN_PX ? [handle.x + SPAN_INSET_PX] : [];
  if (handle.x0Px < -POINT_HALF_PX) return [];
  return [handle.x0Px + POINT_HALF_PX + GAP_PX, handle.x0Px - POINT_HALF_PX - GAP_PX - widthPx];
}

/**
 * Pure: each handle with `labelX`, the left edge of its label (plot px), or null when it has
 * none or no room. Labels are placed lane by lane, left to right, inside the plot's
 * `[0, plotWidthPx]`: a label run past its edge would be cut by the lane names' gutter.
 */
export function placeHandleLabels(handles: readonly Omit<EventHandle, 'labelX'>[], plotWidthPx: number): EventHandle[] {
  const labelX = new Map<number, number>();
  const lanes = new Map<string, number[]>();
  handles.forEach((handle, index) => {
    const lane = lanes.get(handle.laneId);
    if (lane) lane.push(index);
    else lanes.set(handle.laneId, [index]);
  });
  for (const members of lanes.values()) {
    if (!members.some((index) => handles[index]?.label)) continue;
    const marks = members.flatMap((index) => {
      const handle = handles[index];
      return handle?.kind === 'point' ? [{ index, box: markBox(handle) }] : [];
    });
    const written: LabelBox[] = [];
    const inOrder = [...members].sort((a, b) => (handles[a]?.x0Px ?? 0) - (handles[b]?.x0Px ?? 0) || a - b);
    for (const index of inOrder) {
      const handle = handles[index];
      if (!handle?.label) continue;
      const widthPx = textWidthPx(handle.label, HANDLE_LABEL_FONT_PX);
      const height = HANDLE_LABEL_FONT_PX + 2;
      const y = handle.y + handle.height / 2 - height / 2;
      for (const x of candidates(handle, widthPx)) {
        if (x < 0 || x + widthPx > plotWidthPx) continue;
        const box: LabelBox = { x, y, width: widthPx, height };
        // A span's label lies inside its own body; a point's keeps clear of every other mark.
        const onMark = marks.some((mark) => mark.index !== index && boxesIntersect(box, mark.box));
        if (onMark || written.some((other) => boxesIntersect(box, other))) continue;
        written.push(box);
        labelX.set(index, x);
        break;
      }
    }
  }
  return handles.map((handle, index) => ({ ...handle, labelX: labelX.get(index) ?? null }));
}
