import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Checkpoint, checkpointsUpTo } from './checkpoint';

/** Checkpoints with these boundaries and nothing else that the search reads. */
function at(...boundaries: number[]): Checkpoint[] {
  return boundaries.map((boundaryMs) => ({ boundaryMs }) as Checkpoint);
}

describe('checkpointsUpTo', () => {
  it('counts the checkpoints that begin at or before the instant', () => {
    expect(checkpointsUpTo(at(), 5)).toBe(0);
    expect(checkpointsUpTo(at(10, 20, 30), 9)).toBe(0);
    expect(checkpointsUpTo(at(10, 20, 30), 10)).toBe(1);
    expect(checkpointsUpTo(at(10, 20, 30), 29)).toBe(2);
    expect(checkpointsUpTo(at(10, 20, 30), 30)).toBe(3);
    expect(checkpointsUpTo(at(10, 20, 30), Number.POSITIVE_INFINITY)).toBe(3);
  });

  it('agrees with a walk from the first checkpoint, on random nights', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000)), fc.integer({ min: -10, max: 1010 }), (boundaries, atMs) => {
        const checkpoints = at(...boundaries.sort((a, b) => a - b));
        let walked = 0;
        while (walked < checkpoints.length && (checkpoints[walked] as Checkpoint).boundaryMs <= atMs) walked += 1;
        expect(checkpointsUpTo(checkpoints, atMs)).toBe(walked);
      }),
      { numRuns: 2000, seed: 31 },
    );
  });
});
