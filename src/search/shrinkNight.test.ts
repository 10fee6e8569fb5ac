import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeNight } from './judgeNight';
import { nightArbitrary } from './nightArbitrary';
import { compareSize, nightSize, roughnessOf } from './nightSize';
import { presetDocument, recheck } from './search.testing';
import type { SearchFault, SearchNight } from './searchFault';
import { searchSpace } from './searchSpace';
import { fitsWindow } from './shrinkCandidates';
import { shrinkNight } from './shrinkNight';

const SEED = 20261203;
const space = searchSpace(presetDocument('s07-fencing-off'), { fresh: true });
const bounds = { windowFromMs: space.windowFromMs, lastMs: space.windowToMs - 1 };
const at = (hh: number, mm: number, ss: number, ms = 0) => ((hh * 60 + mm) * 60 + ss) * 1000 + ms;

describe('nightSize', () => {
  it('counts events first, then whole seconds, then roughness, then choices', () => {
    const pause = (atMs: number, forMs: number, replica = 0): SearchFault => ({ kind: 'pause', replica, atMs, forMs });
    const size = (night: SearchNight) => nightSize(night, space.windowFromMs);
    expect(size([pause(at(2, 1, 30), 360_000)])).toEqual([1, 90 + 360, 1 + 0, 0]);
    expect(size([{ kind: 'crash', replica: 2, atMs: at(2, 0, 0), restartAfterMs: 1500 }])).toEqual([2, 2, 3, 2]);
    // Rounding 3m20.437s up to 3m21s keeps the seconds and is rounder: smaller.
    expect(compareSize(size([pause(at(2, 0, 0), 201_000)]), size([pause(at(2, 0, 0), 200_437)]))).toBeLessThan(0);
    // Rounding it up to 3m30s would add seconds: larger.
    expect(compareSize(size([pause(at(2, 0, 0), 210_000)]), size([pause(at(2, 0, 0), 200_437)]))).toBeGreaterThan(0);
    expect(compareSize(size([pause(at(2, 0, 0), 1000, 0)]), size([pause(at(2, 0, 0), 1000, 1)]))).toBeLessThan(0);
    expect([60_000, 30_000, 4000, 4100, 4120, 4123].map(roughnessOf)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('shrinkNight', () => {
  it('never grows a night: every step is smaller, the result still breaks and stays in the window', () => {
    // A stand-in for the engine: the night "breaks" when some pause or delay is long enough
    // or some instant is late enough, thresholds drawn by fast-check.
    const predicate = fc.record({
      longMs: fc.integer({ min: 1, max: 720_000 }),
      lateMs: fc.integer({ min: 0, max: 720_000 }),
    });
    fc.assert(
      fc.property(nightArbitrary(space), predicate, (night, { longMs, lateMs }) => {
        const breaks = (candidate: SearchNight) =>
          candidate.some(
            (fault) =>
              ('forMs' in fault && fault.forMs >= longMs) ||
              ('byMs' in fault && Math.abs(fault.byMs) >= longMs) ||
              ('atMs' in fault && fault.atMs - space.windowFromMs >= lateMs),
          );
        fc.pre(breaks(night));
        const sizes = [nightSize(night, space.windowFromMs)];
        const shrunk = shrinkNight(night, bounds, {
          breaks,
          onProgress: (best) => {
            const size = nightSize(best, space.windowFromMs);
            expect(compareSize(size, sizes.at(-1) as typeof size)).toBeLessThanOrEqual(0);
            sizes.push(size);
          },
        });
        expect(breaks(shrunk.night)).toBe(true);
        expect(
          compareSize(nightSize(shrunk.night, space.windowFromMs), nightSize(night, space.windowFromMs)),
        ).toBeLessThanOrEqual(0);
        if (shrunk.steps > 0) {
          expect(
            compareSize(nightSize(shrunk.night, space.windowFromMs), nightSize(night, space.windowFromMs)),
          ).toBeLessThan(0);
        }
        expect(shrunk.night.every((fault) => fitsWindow(fault, bounds))).toBe(true);
        // One fault is always enough for this stand-in.
        expect(shrunk.night.length).toBe(1);
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('lowers to the least value that still breaks, on whole seconds, and moves faults earlier', () => {
    const night: SearchNight = [{ kind: 'pause', replica: 2, atMs: at(2, 1, 37, 350), forMs: 433_250 }];
    const breaks = (candidate: SearchNight) =>
      candidate.some((fault) => fault.kind === 'pause' && fault.forMs >= 200_437 && fault.atMs <= at(2, 1, 37, 350));
    const shrunk = shrinkNight(night, bounds, { breaks });
    expect(shrunk.night).toEqual([{ kind: 'pause', replica: 0, atMs: at(2, 0, 0), forMs: 201_000 }]);
  });

  it('on the engine: a noisy three-fault night on the unfenced flagship shrinks to one round fault that still breaks', () => {
    const noisy: SearchNight = [
      { kind: 'crash', replica: 2, atMs: at(2, 3, 0, 750), restartAfterMs: 61_000 },
      { kind: 'pause', replica: 0, atMs: at(2, 1, 37, 350), forMs: 433_250 },
      { kind: 'clockJump', node: 3, atMs: at(2, 9, 0), byMs: 20_000 },
    ];
    expect(judgeNight(space, noisy).violated).toContain('I3');
    const shrunk = shrinkNight(noisy, bounds, { breaks: (night) => judgeNight(space, night).violated.length > 0 });
    expect(shrunk.night).toHaveLength(1);
    expect(shrunk.night[0]?.kind).toBe('pause');
    expect(compareSize(nightSize(shrunk.night, space.windowFromMs), nightSize(noisy, space.windowFromMs))).toBeLessThan(
      0,
    );
    for (const fault of shrunk.night) {
      if (fault.kind === 'pause') {
        expect(fault.atMs % 1000).toBe(0);
        expect(fault.forMs % 1000).toBe(0);
      }
    }
    expect(recheck(judgeNight(space, shrunk.night).file.document).report.safe).toBe(false);
  }, 60_000);
});
