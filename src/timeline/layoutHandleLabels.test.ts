import { describe, expect, it } from 'vitest';
import type { EventHandle } from './geometry';
import { boxesIntersect, textWidthPx } from './labelPlacement';
import { HANDLE_LABEL_FONT_PX, POINT_HALF_PX, placeHandleLabels } from './layoutHandleLabels';

type Unplaced = Omit<EventHandle, 'labelX'>;

const point = (eventIndex: number, laneId: string, xPx: number, label: string | null): Unplaced => ({
  key: `event:${eventIndex}`,
  eventIndex,
  type: 'crash',
  laneId,
  kind: 'point',
  edges: 'none',
  startMs: 0,
  endMs: 0,
  x0Px: xPx,
  x1Px: xPx,
  x: xPx,
  width: 0,
  y: 20,
  height: 16,
  label,
  ariaLabel: '',
  ariaValueText: '',
  valueMinMs: 0,
  valueMaxMs: 1,
  valueNowMs: 0,
});

const span = (eventIndex: number, xPx: number, widthPx: number, label: string): Unplaced => ({
  ...point(eventIndex, 'A', xPx, label),
  type: 'pause',
  kind: 'span',
  edges: 'both',
  x1Px: xPx + widthPx,
  width: widthPx,
});

const labelBox = (handle: EventHandle) => ({
  x: handle.labelX ?? Number.NaN,
  y: 22,
  width: textWidthPx(handle.label ?? '', HANDLE_LABEL_FONT_PX),
  height: 11,
});

describe("an event's own label on its lane", () => {
  it("writes a point's label right of its mark, a span's inside its body", () => {
    const [crash, pause] = placeHandleLabels([point(0, 'A', 100, 'A crashes'), span(1, 300, 120, 'long GC')], 1000);
    expect(crash?.labelX).toBe(100 + POINT_HALF_PX + 2);
    expect(pause?.labelX).toBe(304);
  });

  it('a crash and a restart seconds apart: "A crashes" goes left of its mark, clear of the restart', () => {
    // S03c's shape: the restart's mark stands 20 px after the crash's.
    const placed = placeHandleLabels([point(0, 'A', 200, 'A crashes'), point(1, 'A', 220, 'A restarts')], 1000);
    const [crash, restart] = placed;
    if (!crash || !restart) throw new Error('two handles');
    const widthPx = textWidthPx('A crashes', HANDLE_LABEL_FONT_PX);
    expect(crash.labelX).toBe(200 - POINT_HALF_PX - 2 - widthPx);
    expect(restart.labelX).toBe(220 + POINT_HALF_PX + 2);
    expect(boxesIntersect(labelBox(crash), labelBox(restart))).toBe(false);
  });

  it('leaves out a label with room on neither side, and keeps lanes apart', () => {
    const placed = placeHandleLabels(
      [
        point(0, 'A', 200, 'first'),
        point(1, 'A', 215, 'A crashes'),
        point(2, 'A', 230, 'A restarts'),
        point(3, 'B', 215, 'B crashes'),
      ],
      1000,
    );
    expect(placed.map((handle) => handle.labelX !== null)).toEqual([true, false, true, true]);
    // B's lane has nothing else on it: its label is where it always was.
    expect(placed[3]?.labelX).toBe(215 + POINT_HALF_PX + 2);
  });

  it('draws no label for an event without one, a narrow span, or a point left of the view', () => {
    const placed = placeHandleLabels(
      [point(0, 'A', 100, null), span(1, 300, 20, 'short'), point(2, 'B', -40, 'gone')],
      1000,
    );
    expect(placed.map((handle) => handle.labelX)).toEqual([null, null, null]);
  });

  it("keeps a label inside the plot: none left of its start, where the lane names' gutter would cut it", () => {
    // S03c at 1280 px: the crash 30 px into the plot, the restart 20 px after it.
    const placed = placeHandleLabels([point(0, 'A', 30, 'A crashes'), point(1, 'A', 50, 'A restarts')], 1000);
    expect(placed[0]?.labelX).toBeNull();
    expect(placed[1]?.labelX).toBe(50 + POINT_HALF_PX + 2);
    // Nor past its end.
    expect(placeHandleLabels([point(0, 'A', 990, 'A crashes')], 1000)[0]?.labelX).toBe(
      990 - POINT_HALF_PX - 2 - textWidthPx('A crashes', HANDLE_LABEL_FONT_PX),
    );
  });
});
