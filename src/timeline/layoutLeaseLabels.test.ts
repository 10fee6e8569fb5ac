import { describe, expect, it } from 'vitest';
import type { LeaseBar } from './geometry';
import { boxesIntersect, textWidthPx } from './labelPlacement';
import { placeLeaseLabels } from './layoutLeaseLabels';

const FONT_PX = 11;

const bar = (grantId: number, x: number, width: number, label: string): Omit<LeaseBar, 'labelX'> => ({
  key: `grant:${grantId}`,
  laneId: 'lock',
  fromMs: 0,
  toMs: 1,
  x,
  width,
  y: 10,
  height: 12,
  grantId,
  replica: label.slice(0, 1),
  token: grantId,
  grantMs: 0,
  endMs: 1,
  endReason: 'expired',
  endX: x + width,
  label,
  endAriaLabel: '',
  endValueText: '',
});

const nameBox = (placed: LeaseBar) => ({
  x: placed.labelX ?? Number.NaN,
  y: placed.y,
  width: textWidthPx(placed.label, FONT_PX),
  height: placed.height,
});

describe("the lease bars' names on the lock lane", () => {
  it("writes a name at its bar's start, as the lane always has", () => {
    const [a] = placeLeaseLabels([bar(7, 100, 300, 'A · token 7')], FONT_PX);
    expect(a?.labelX).toBe(104);
  });

  it('leaves a bar too narrow for any name without one', () => {
    const [a] = placeLeaseLabels([bar(7, 100, 40, 'A · token 7')], FONT_PX);
    expect(a?.labelX).toBeNull();
  });

  it('two holders whose bars overlap: no name runs into the other or under the later bar', () => {
    // S15b's shape: B holds from 100, C is granted at 150 while B's bar still runs to 400.
    const placed = placeLeaseLabels([bar(8, 100, 300, 'B · token 8'), bar(9, 150, 400, 'C · token 9')], FONT_PX);
    const [b, c] = placed;
    // B's start is covered by C's bar 50 px in, too soon for its name; C's bar covers B's end.
    expect(b?.labelX).toBeNull();
    expect(c?.labelX).toBe(154);
  });

  it("moves a name to its bar's end when the start is taken, and keeps both names apart", () => {
    // A's bar ends at 400; B's starts at 380, drawn later, over A's last 20 px only.
    const placed = placeLeaseLabels([bar(7, 100, 300, 'A · token 7'), bar(8, 380, 300, 'B · token 8')], FONT_PX);
    const [a, b] = placed;
    expect(a?.labelX).toBe(104);
    expect(b?.labelX).toBe(384);
    if (!a || !b) throw new Error('two bars');
    expect(boxesIntersect(nameBox(a), nameBox(b))).toBe(false);
    // An earlier bar wholly under a name's start: the later name goes to its own bar's end.
    const [first, second] = placeLeaseLabels(
      [bar(7, 100, 120, 'A · token 7'), bar(8, 120, 300, 'B · token 8')],
      FONT_PX,
    );
    expect(first?.labelX).toBeNull();
    expect(second?.labelX).toBe(124);
    const [early, late] = placeLeaseLabels(
      [bar(7, 100, 300, 'A · token 7'), bar(8, 500, 300, 'B · token 8')].reverse(),
      FONT_PX,
    );
    // Drawn in reverse (B first, A over it): both are clear of each other and written at their starts.
    expect(early?.labelX).toBe(504);
    expect(late?.labelX).toBe(104);
  });

  it('writes at the end when only the end is clear', () => {
    // C's bar (drawn later) sits over the first 80 px of A's; A's end is clear.
    const placed = placeLeaseLabels([bar(7, 100, 400, 'A · token 7'), bar(9, 90, 90, 'C · token 9')], FONT_PX);
    const [a, c] = placed;
    const widthPx = textWidthPx('A · token 7', FONT_PX);
    expect(a?.labelX).toBe(500 - 4 - widthPx);
    expect(c?.labelX).toBe(94);
  });
});
