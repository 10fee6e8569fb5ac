import { describe, expect, it } from 'vitest';
import type { FenceStep } from './geometry';
import { createLabelPlacer } from './labelPlacement';
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
    expect(layoutFenceLabels([step('a', 10, 200, 7)], 10, createLabelPlacer(0, 1000))).toEqual([
      { key: 'a', x: 13, y: 38, text: 'last_token 7' },
    ]);
  });

  it('leaves out a value that would run past the curtain or the plot: no stub like "l"', () => {
    // "last_token 8" is 12 characters, 72 px at 10 px type: from x=903 it would end at 975.
    const steps = [step('a', 0, 900, 7), step('b', 900, 300, 8)];
    expect(layoutFenceLabels(steps, 10, createLabelPlacer(0, 960)).map((label) => label.key)).toEqual(['a']);
    expect(layoutFenceLabels(steps, 10, createLabelPlacer(0, 980)).map((label) => label.key)).toEqual(['a', 'b']);
  });

  it("keeps a step that starts left of the view writing from the view's edge", () => {
    expect(layoutFenceLabels([step('a', -500, 700, 9)], 10, createLabelPlacer(0, 1000))[0]?.x).toBe(3);
  });

  it("keeps narrow steps without words, and scales with the chart's type", () => {
    expect(layoutFenceLabels([step('a', 0, 40, 7)], 10, createLabelPlacer(0, 1000))).toEqual([]);
    expect(fenceLabelFontPx(11)).toBe(10);
    expect(fenceLabelFontPx(13)).toBe(12);
  });

  it('two values too close to both be read: the later one, which the storage keeps, is written', () => {
    // S10's shape: last_token 7 for 60 px, then 8; at 10 px type each value is 72 px wide.
    const steps = [step('a', 100, 60, 7), step('b', 160, 600, 8)];
    expect(layoutFenceLabels(steps, 10, createLabelPlacer(0, 1000))).toEqual([
      { key: 'b', x: 163, y: 38, text: 'last_token 8' },
    ]);
  });

  it("gives way to a word placed before it: a write's name at the step's start sends it to the step's end", () => {
    const placer = createLabelPlacer(0, 1000);
    // "#1002" written just after the step begins, where "last_token 9" would start.
    placer.take([{ x: 110, y: 30, width: 40, height: 12 }]);
    const [label] = layoutFenceLabels([step('a', 100, 400, 9)], 10, placer);
    expect(label).toEqual({ key: 'a', x: 500 - 3 - 72, y: 38, text: 'last_token 9' });
    // And nothing when neither end of the step is free.
    const crowded = createLabelPlacer(0, 1000);
    crowded.take([{ x: 0, y: 30, width: 1000, height: 12 }]);
    expect(layoutFenceLabels([step('a', 100, 400, 9)], 10, crowded)).toEqual([]);
  });
});
