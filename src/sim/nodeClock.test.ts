import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClockJump, NodeClock } from './nodeClock';

const HOUR_MS = 3_600_000;
const TWO_AM_MS = 2 * HOUR_MS;

describe('NodeClock readings', () => {
  it('adds the offset to the wall clock only', () => {
    const clock = new NodeClock(90_000, 0, TWO_AM_MS, []);
    expect(clock.wallAt(TWO_AM_MS)).toBe(TWO_AM_MS + 90_000);
    expect(clock.monotonicAt(TWO_AM_MS)).toBe(TWO_AM_MS);
  });

  it('gains 0.36 s per hour at +100 ppm, on both clocks, counted from the origin', () => {
    const clock = new NodeClock(0, 100, TWO_AM_MS, []);
    expect(clock.wallAt(TWO_AM_MS)).toBe(TWO_AM_MS);
    expect(clock.wallAt(TWO_AM_MS + HOUR_MS)).toBe(TWO_AM_MS + HOUR_MS + 360);
    expect(clock.monotonicAt(TWO_AM_MS + HOUR_MS)).toBe(TWO_AM_MS + HOUR_MS + 360);
  });

  it('loses 0.36 s per hour at -100 ppm', () => {
    const clock = new NodeClock(0, -100, 0, []);
    expect(clock.wallAt(HOUR_MS)).toBe(HOUR_MS - 360);
    expect(clock.monotonicAt(HOUR_MS)).toBe(HOUR_MS - 360);
  });

  it('includes a jump at exactly its instant and leaves the monotonic clock alone', () => {
    const clock = new NodeClock(0, 0, 0, [{ atMs: 5_000, byMs: 60_000 }]);
    expect(clock.wallAt(4_999)).toBe(4_999);
    expect(clock.wallAt(5_000)).toBe(65_000);
    expect(clock.monotonicAt(5_000)).toBe(5_000);
  });

  it('sums jumps given out of order, backward ones included', () => {
    const clock = new NodeClock(1_000, 0, 0, [
      { atMs: 20_000, byMs: -30_000 },
      { atMs: 10_000, byMs: 5_000 },
    ]);
    expect(clock.wallAt(9_999)).toBe(10_999);
    expect(clock.wallAt(10_000)).toBe(16_000);
    expect(clock.wallAt(20_000)).toBe(-4_000);
  });

  it('refuses a drift that would stop the clock and accepts the format extreme', () => {
    expect(() => new NodeClock(0, 1_000_000, 0, [])).toThrow(/drift/);
    expect(() => new NodeClock(0, -1_000_000, 0, [])).toThrow(/drift/);
    expect(() => new NodeClock(0, Number.NaN, 0, [])).toThrow(/drift/);
    expect(new NodeClock(0, -999_999, 0, []).wallAt(1_000_000)).toBe(1);
  });
});

describe('NodeClock.trueTimeWhenWallReaches', () => {
  it('solves offset and drift directly', () => {
    const clock = new NodeClock(-30_000, 0, TWO_AM_MS, []);
    expect(clock.trueTimeWhenWallReaches(TWO_AM_MS, 0)).toBe(TWO_AM_MS + 30_000);
    const fast = new NodeClock(0, 100, TWO_AM_MS, []);
    expect(fast.trueTimeWhenWallReaches(TWO_AM_MS + HOUR_MS + 360, TWO_AM_MS)).toBe(TWO_AM_MS + HOUR_MS);
  });

  it('returns fromMs when the wall clock is already there', () => {
    const clock = new NodeClock(10_000, 0, 0, []);
    expect(clock.trueTimeWhenWallReaches(5_000, 2_000)).toBe(2_000);
  });

  it('lands on a forward jump that skips over the target', () => {
    const clock = new NodeClock(0, 0, 0, [{ atMs: 1_000, byMs: 60_000 }]);
    expect(clock.trueTimeWhenWallReaches(30_000, 0)).toBe(1_000);
  });

  it('after a backward jump, waits until the wall clock reaches the target again', () => {
    // W passes 10 000 at T = 10 000, then jumps back by 5 s at T = 12 000.
    const clock = new NodeClock(0, 0, 0, [{ atMs: 12_000, byMs: -5_000 }]);
    expect(clock.trueTimeWhenWallReaches(10_000, 0)).toBe(10_000);
    expect(clock.trueTimeWhenWallReaches(10_000, 12_000)).toBe(15_000);
  });
});

/** Random clocks: offsets of an hour either way, drift within ±1000 ppm, up to four jumps. */
const clockArb = fc.record({
  offsetMs: fc.integer({ min: -HOUR_MS, max: HOUR_MS }),
  driftPpm: fc.integer({ min: -1_000, max: 1_000 }),
  originMs: fc.integer({ min: 0, max: 30 * HOUR_MS }),
  jumps: fc.array(
    fc.record({ atMs: fc.integer({ min: 0, max: 30 * HOUR_MS }), byMs: fc.integer({ min: -HOUR_MS, max: HOUR_MS }) }),
    { maxLength: 4 },
  ),
});

const makeClock = (c: { offsetMs: number; driftPpm: number; originMs: number; jumps: ClockJump[] }) =>
  new NodeClock(c.offsetMs, c.driftPpm, c.originMs, c.jumps);

describe('NodeClock solvers (properties)', () => {
  it('trueTimeWhenWallReaches gives the smallest T >= from with wallAt(T) >= x', () => {
    fc.assert(
      fc.property(
        clockArb,
        fc.integer({ min: 0, max: 30 * HOUR_MS }),
        fc.integer({ min: -2 * HOUR_MS, max: 32 * HOUR_MS }),
        (config, fromMs, targetWallMs) => {
          const clock = makeClock(config);
          const foundMs = clock.trueTimeWhenWallReaches(targetWallMs, fromMs);
          expect(foundMs).toBeGreaterThanOrEqual(fromMs);
          expect(clock.wallAt(foundMs)).toBeGreaterThanOrEqual(targetWallMs);
          if (foundMs > fromMs) expect(clock.wallAt(foundMs - 1)).toBeLessThan(targetWallMs);
          // Between jumps the wall clock never goes down, so a segment's largest reading is its
          // last millisecond: checking those too proves no earlier T in [from, found) qualifies.
          for (const jump of config.jumps) {
            if (jump.atMs > fromMs && jump.atMs <= foundMs)
              expect(clock.wallAt(jump.atMs - 1)).toBeLessThan(targetWallMs);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('trueTimeWhenWallReaches agrees with a brute-force scan on small windows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_000, max: 2_000 }),
        fc.integer({ min: -1_000, max: 1_000 }),
        fc.integer({ min: -5_000_000, max: 5_000_000 }),
        fc.array(
          fc.record({ atMs: fc.integer({ min: 0, max: 4_000 }), byMs: fc.integer({ min: -3_000, max: 3_000 }) }),
          {
            maxLength: 3,
          },
        ),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: -3_000, max: 6_000 }),
        (offsetMs, driftPpm, originMs, jumps, fromMs, targetWallMs) => {
          const clock = new NodeClock(offsetMs, driftPpm, originMs, jumps);
          let expectedMs: number | null = null;
          for (let t = fromMs; t <= 20_000; t++) {
            if (clock.wallAt(t) >= targetWallMs) {
              expectedMs = t;
              break;
            }
          }
          fc.pre(expectedMs !== null);
          expect(clock.trueTimeWhenWallReaches(targetWallMs, fromMs)).toBe(expectedMs);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('trueTimeWhenMonotonicReaches gives the smallest T >= from with monotonicAt(T) >= x', () => {
    fc.assert(
      fc.property(
        clockArb,
        fc.integer({ min: 0, max: 30 * HOUR_MS }),
        fc.integer({ min: -2 * HOUR_MS, max: 32 * HOUR_MS }),
        (config, fromMs, targetMonotonicMs) => {
          const clock = makeClock(config);
          const foundMs = clock.trueTimeWhenMonotonicReaches(targetMonotonicMs, fromMs);
          expect(foundMs).toBeGreaterThanOrEqual(fromMs);
          expect(clock.monotonicAt(foundMs)).toBeGreaterThanOrEqual(targetMonotonicMs);
          if (foundMs > fromMs) expect(clock.monotonicAt(foundMs - 1)).toBeLessThan(targetMonotonicMs);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stays exact at the format extreme drifts (±999 999 ppm) for answers within two nights', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 990_000, max: 999_999 }).chain((size) => fc.constantFrom(size, -size)),
        fc.integer({ min: 0, max: 30 * HOUR_MS }),
        fc.integer({ min: 0, max: 30 * HOUR_MS }),
        fc.integer({ min: -1_000, max: 200_000 }),
        (driftPpm, originMs, fromMs, aheadMs) => {
          const clock = new NodeClock(0, driftPpm, originMs, []);
          const targetMs = clock.wallAt(fromMs) + aheadMs;
          const wallFoundMs = clock.trueTimeWhenWallReaches(targetMs, fromMs);
          const monotonicFoundMs = clock.trueTimeWhenMonotonicReaches(targetMs, fromMs);
          fc.pre(wallFoundMs <= 48 * HOUR_MS);
          expect(clock.wallAt(wallFoundMs)).toBeGreaterThanOrEqual(targetMs);
          if (wallFoundMs > fromMs) expect(clock.wallAt(wallFoundMs - 1)).toBeLessThan(targetMs);
          // Without offset or jumps the two clocks read the same.
          expect(monotonicFoundMs).toBe(wallFoundMs);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the monotonic clock ignores offset and jumps and never goes down', () => {
    fc.assert(
      fc.property(clockArb, fc.integer({ min: 0, max: 30 * HOUR_MS }), (config, trueMs) => {
        const clock = makeClock(config);
        const bare = new NodeClock(0, config.driftPpm, config.originMs, []);
        expect(clock.monotonicAt(trueMs)).toBe(bare.monotonicAt(trueMs));
        expect(clock.monotonicAt(trueMs + 1)).toBeGreaterThanOrEqual(clock.monotonicAt(trueMs));
      }),
    );
  });
});

describe('NodeClock regressions', () => {
  it('sees both of two jumps at the same instant when solving (empty segment between them)', () => {
    const clock = new NodeClock(0, 0, 0, [
      { atMs: 3993, byMs: 0 },
      { atMs: 3993, byMs: -2 },
    ]);
    expect(clock.wallAt(3993)).toBe(3991);
    expect(clock.trueTimeWhenWallReaches(3992, 0)).toBe(3992);
    expect(clock.trueTimeWhenWallReaches(3993, 3000)).toBe(3995);
  });
});
