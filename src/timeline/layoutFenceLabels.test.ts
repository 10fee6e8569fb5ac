import { describe, expect, it } from 'vitest';
import type { FenceStep } from './geometry';
import { fenceLabelFontPx, layoutFenceLabels } from './layoutFenceLabels';

const step = (key: string, x: number, width: number, lastToken: number): FenceStep => ({
  key,
  fromMs: 0,
  toMs: 1,
  x,
  width,
  y: 40,
  lastToken,
});

describe('the last_token values above the storage lane', () => {
  it('writes a value on a step wide enough for it, just above the line', () => {
    expect(layoutFenceLabels([step('a', 10, 200, 7)], 10, 1000)).toEqual([
      { key: 'a', x: 13, y: 38, text: 'last_token 7' },
    ]);
  });

  it('leaves out a value that would run past the curtain or the plot: no stub like "l"', () => {
    // "last_token 8" is 12 characters, 72 px at 10 px type: from x=903 it would end at 975.
    const steps = [step('a', 0, 900, 7), step('b', 900, 300, 8)];
    expect(layoutFenceLabels(steps, 10, 960).map((label) => label.key)).toEqual(['a']);
    expect(layoutFenceLabels(steps, 10, 980).map((label) => label.key)).toEqual(['a', 'b']);
  });

  it("keeps a step that starts left of the view writing from the view's edge", () => {
    expect(layoutFenceLabels([step('a', -500, 700, 9)], 10, 1000)[0]?.x).toBe(3);
  });

  it("keeps narrow steps without words, and scales with the chart's type", () => {
    expect(layoutFenceLabels([step('a', 0, 40, 7)], 10, 1000)).toEqual([]);
    expect(fenceLabelFontPx(11)).toBe(10);
    expect(fenceLabelFontPx(13)).toBe(12);
  });
});
