import { describe, expect, it } from 'vitest';
import { boxesIntersect, createLabelPlacer, textWidthPx } from './labelPlacement';

describe('the label placer', () => {
  it('takes a box that is clear, and refuses one that overlaps a mark, a label or the plot edge', () => {
    const placer = createLabelPlacer(0, 200);
    placer.block({ x: 50, y: 0, width: 10, height: 10 });
    expect(placer.fits([{ x: 0, y: 0, width: 50, height: 10 }])).toBe(true);
    expect(placer.fits([{ x: 0, y: 0, width: 51, height: 10 }])).toBe(false);
    placer.take([{ x: 70, y: 0, width: 40, height: 10 }]);
    expect(placer.fits([{ x: 100, y: 5, width: 20, height: 10 }])).toBe(false);
    expect(placer.fits([{ x: 100, y: 10, width: 20, height: 10 }])).toBe(true);
    expect(placer.fits([{ x: 190, y: 30, width: 20, height: 10 }])).toBe(false);
    expect(placer.taken).toHaveLength(1);
  });

  it("keeps labels left of a lesson's curtain: a box that would cross it does not fit, unless drawn over it", () => {
    const placer = createLabelPlacer(0, 400, 150);
    expect(placer.curtainX).toBe(150);
    expect(placer.fits([{ x: 100, y: 0, width: 50, height: 10 }])).toBe(true);
    // "A wakes at 02:07:30 ..." starting left of the curtain and running under it.
    expect(placer.fits([{ x: 100, y: 0, width: 51, height: 10 }])).toBe(false);
    // Wholly behind it: it would tell what the curtain hides.
    expect(placer.fits([{ x: 200, y: 0, width: 20, height: 10 }])).toBe(false);
    // A masked write's name is drawn above the curtain.
    expect(placer.fits([{ x: 200, y: 0, width: 20, height: 10 }], { overCurtain: true })).toBe(true);
    expect(placer.fits([{ x: 390, y: 0, width: 20, height: 10 }], { overCurtain: true })).toBe(false);
    // No curtain: the plot's edge is the only bound.
    expect(createLabelPlacer(0, 400).fits([{ x: 200, y: 0, width: 20, height: 10 }])).toBe(true);
  });

  it('counts touching edges as apart', () => {
    expect(boxesIntersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBe(false);
    expect(boxesIntersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 9.9, y: 9.9, width: 10, height: 10 })).toBe(true);
  });

  it('estimates text wider with the font size and with wide letters', () => {
    expect(textWidthPx('B takes over with token 8', 18)).toBeGreaterThan(textWidthPx('B takes over with token 8', 11));
    expect(textWidthPx('MMMM', 11)).toBeGreaterThan(textWidthPx('iiii', 11));
    expect(textWidthPx('', 11)).toBe(0);
  });

  it('measures per character class, Arabic, zero-width marks and characters beyond the BMP included', () => {
    // A 0.7 + '·' 0.34 + an isolate 0 + 'ب' 0.5 + an emoji (one character) 0.58 + ' ' 0.34 + 'x' 0.58 em.
    expect(textWidthPx('A·\u2066ب😀 x', 100)).toBe(304);
    expect(textWidthPx('B takes over with token 8', 100)).toBe(1261);
    // A lone surrogate is one character of the default width.
    expect(textWidthPx('\ud800lone', 100)).toBe(266);
    expect(textWidthPx('اَلْعَرَبِيَّةُ 12:00', 100)).toBe(674);
  });
});
