/**
 * The placer's column index answers exactly as checking every box taken before: over random
 * plots, marks (some a million pixels long, some beyond the plot) and label candidates, the
 * same labels fit in the same order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxesIntersect, createLabelPlacer, type LabelBox } from './labelPlacement';

/** The placer as it was: every candidate against every box so far. */
function bruteForce(minX: number, maxX: number, curtainX: number | null) {
  const occupied: LabelBox[] = [];
  const right = curtainX === null ? maxX : Math.min(maxX, curtainX);
  return {
    block: (box: LabelBox) => occupied.push(box),
    fits: (boxes: readonly LabelBox[], overCurtain: boolean) =>
      boxes.every(
        (box) =>
          box.x >= minX &&
          box.x + box.width <= (overCurtain ? maxX : right) &&
          occupied.every((other) => !boxesIntersect(box, other)),
      ),
    take: (boxes: readonly LabelBox[]) => occupied.push(...boxes),
  };
}

const coordinate = fc.oneof(fc.integer({ min: -400, max: 2400 }), fc.constantFrom(-1_000_000, 1_000_000, Number.NaN));
const box = fc.record({
  x: coordinate,
  y: fc.integer({ min: 0, max: 300 }),
  width: fc.oneof(fc.integer({ min: 0, max: 400 }), fc.constant(2_000_000)),
  height: fc.integer({ min: 1, max: 40 }),
});
const step = fc.oneof(
  fc.record({ kind: fc.constant('block' as const), box }),
  fc.record({
    kind: fc.constant('label' as const),
    boxes: fc.array(box, { minLength: 1, maxLength: 2 }),
    overCurtain: fc.boolean(),
  }),
);

describe('createLabelPlacer', () => {
  it('fits exactly the labels the check against every box fits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 300 }),
        fc.integer({ min: 100, max: 2000 }),
        fc.option(fc.integer({ min: 0, max: 2400 }), { nil: null }),
        fc.array(step, { maxLength: 80 }),
        (minX, width, curtainX, steps) => {
          const placer = createLabelPlacer(minX, minX + width, curtainX);
          const reference = bruteForce(minX, minX + width, curtainX);
          for (const item of steps) {
            if (item.kind === 'block') {
              placer.block(item.box);
              reference.block(item.box);
              continue;
            }
            const fits = placer.fits(item.boxes, { overCurtain: item.overCurtain });
            expect(fits).toBe(reference.fits(item.boxes, item.overCurtain));
            if (fits) {
              placer.take(item.boxes);
              reference.take(item.boxes);
            }
          }
        },
      ),
      { numRuns: 2000, seed: 26 },
    );
  });
});
