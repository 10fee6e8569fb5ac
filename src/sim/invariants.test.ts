import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkExclusivity,
  doubleApplyViolations,
  resolveIntendedEnds,
  tokenOrderViolations,
  validUntilMs,
  zombieViolations,
} from './invariants';
import { NodeClock } from './nodeClock';
import type { GrantRecord } from './trace';

const MINUTE_MS = 60_000;
const TWO_AM_MS = 7_200_000;

function grant(fields: Partial<GrantRecord> & Pick<GrantRecord, 'grantId' | 'replica' | 'grantMs'>): GrantRecord {
  return {
    token: null,
    tokenMs: null,
    untilClockMs: 0,
    expires: true,
    clockNode: 'db',
    endMs: null,
    endReason: null,
    intendedEndMs: fields.grantMs + 5 * MINUTE_MS,
    ...fields,
  };
}

describe('validUntilMs', () => {
  it('is the intended end unless the grant ended earlier', () => {
    expect(validUntilMs(grant({ grantId: 0, replica: 'A', grantMs: 0, intendedEndMs: 500 }))).toBe(500);
    expect(validUntilMs(grant({ grantId: 0, replica: 'A', grantMs: 0, intendedEndMs: 500, endMs: 200 }))).toBe(200);
    // A release that only moved lock_until later (lockAtLeastFor) never extends validity past it.
    expect(validUntilMs(grant({ grantId: 0, replica: 'A', grantMs: 0, intendedEndMs: 500, endMs: 900 }))).toBe(500);
  });
});

describe('resolveIntendedEnds', () => {
  it('reads lock_until on the clock that computed it', () => {
    const dbClock = new NodeClock(0, 0, TWO_AM_MS, []);
    // App time on a replica 60 s ahead: its lock_until falls due 60 s early in true time.
    const aheadClock = new NodeClock(MINUTE_MS, 0, TWO_AM_MS, []);
    const grants = [
      grant({ grantId: 0, replica: 'A', grantMs: TWO_AM_MS, untilClockMs: TWO_AM_MS + 5 * MINUTE_MS, clockNode: 'db' }),
      grant({
        grantId: 1,
        replica: 'B',
        grantMs: TWO_AM_MS + 10 * MINUTE_MS,
        untilClockMs: TWO_AM_MS + 16 * MINUTE_MS,
        clockNode: 'B',
      }),
    ];
    const resolved = resolveIntendedEnds(grants, (node) => (node === 'db' ? dbClock : aheadClock));
    expect(resolved.map((g) => g.intendedEndMs)).toEqual([TWO_AM_MS + 5 * MINUTE_MS, TWO_AM_MS + 15 * MINUTE_MS]);
  });

  it('never puts the intended end before the grant (an app-time lock_until already past)', () => {
    // The holder's clock reads 02:10 at the grant; a lock_until of 02:05 on it is already due.
    const ahead = new NodeClock(10 * MINUTE_MS, 0, TWO_AM_MS, []);
    const grants = [grant({ grantId: 0, replica: 'A', grantMs: TWO_AM_MS, untilClockMs: TWO_AM_MS + 5 * MINUTE_MS })];
    const resolved = resolveIntendedEnds(grants, () => ahead);
    expect(resolved[0]?.intendedEndMs).toBe(TWO_AM_MS);
  });
});

describe('checkExclusivity (I1)', () => {
  it('reports two grants whose validity overlaps, with the overlap', () => {
    const violations = checkExclusivity([
      grant({ grantId: 0, replica: 'A', grantMs: 0, intendedEndMs: 300_000 }),
      grant({ grantId: 1, replica: 'B', grantMs: 200_000, intendedEndMs: 500_000 }),
    ]);
    expect(violations).toEqual([
      { invariant: 'I1', atMs: 200_000, message: { key: 'lockOverlap', first: 'A', second: 'B', overlapMs: 100_000 } },
    ]);
  });

  it('reports nothing for back-to-back grants (half-open intervals)', () => {
    expect(
      checkExclusivity([
        grant({ grantId: 0, replica: 'A', grantMs: 0, intendedEndMs: 300_000 }),
        grant({ grantId: 1, replica: 'B', grantMs: 300_000, intendedEndMs: 600_000 }),
      ]),
    ).toEqual([]);
  });

  it('reports nothing when the first grant was released before the second', () => {
    expect(
      checkExclusivity([
        grant({
          grantId: 0,
          replica: 'A',
          grantMs: 0,
          intendedEndMs: 1_800_000,
          endMs: 180_000,
          endReason: 'released',
        }),
        grant({ grantId: 1, replica: 'B', grantMs: 200_000, intendedEndMs: 2_000_000 }),
      ]),
    ).toEqual([]);
  });

  it('compares every earlier grant, not only the previous one', () => {
    const violations = checkExclusivity([
      grant({ grantId: 0, replica: 'A', grantMs: 0, intendedEndMs: 1_000_000 }),
      grant({ grantId: 1, replica: 'B', grantMs: 100_000, intendedEndMs: 150_000, endMs: 150_000 }),
      grant({ grantId: 2, replica: 'C', grantMs: 400_000, intendedEndMs: 900_000 }),
    ]);
    expect(
      violations.map((v) =>
        v.message.key === 'lockOverlap' ? [v.message.first, v.message.second, v.message.overlapMs] : null,
      ),
    ).toEqual([
      ['A', 'B', 50_000],
      ['A', 'C', 500_000],
    ]);
  });
});

/** I1 by its definition: every pair of grants, the earlier one first, in grant order. */
function everyPairOverlap(grants: readonly GrantRecord[]) {
  const overlaps: [string, string, number, number][] = [];
  grants.forEach((second, later) => {
    for (const first of grants.slice(0, later)) {
      const overlapMs = Math.min(validUntilMs(first), validUntilMs(second)) - second.grantMs;
      if (overlapMs > 0 && validUntilMs(first) > second.grantMs)
        overlaps.push([first.replica, second.replica, overlapMs, second.grantMs]);
    }
  });
  return overlaps;
}

describe('checkExclusivity (I1) against every pair', () => {
  const grantsArbitrary = (sorted: boolean) =>
    fc
      .array(
        fc.record({
          grantMs: fc.integer({ min: 0, max: 600_000 }),
          lengthMs: fc.integer({ min: -10_000, max: 400_000 }),
          endAfterMs: fc.option(fc.integer({ min: -10_000, max: 400_000 }), { nil: null }),
        }),
        { maxLength: 40 },
      )
      .map((drawn) => {
        const ordered = sorted ? [...drawn].sort((a, b) => a.grantMs - b.grantMs) : drawn;
        return ordered.map(({ grantMs, lengthMs, endAfterMs }, grantId) =>
          grant({
            grantId,
            replica: String.fromCharCode(65 + (grantId % 26)),
            grantMs,
            intendedEndMs: grantMs + lengthMs,
            endMs: endAfterMs === null ? null : grantMs + endAfterMs,
          }),
        );
      });
  const asPairs = (grants: readonly GrantRecord[]) =>
    checkExclusivity(grants).map((v) =>
      v.message.key === 'lockOverlap' ? [v.message.first, v.message.second, v.message.overlapMs, v.atMs] : null,
    );

  it('finds the same overlaps in the same order when grants come in time order, as a night logs them', () => {
    fc.assert(
      fc.property(grantsArbitrary(true), (grants) => {
        expect(asPairs(grants)).toEqual(everyPairOverlap(grants));
      }),
      { numRuns: 2000 },
    );
  });

  it('and when they do not', () => {
    fc.assert(
      fc.property(grantsArbitrary(false), (grants) => {
        expect(asPairs(grants)).toEqual(everyPairOverlap(grants));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('tokenOrderViolations (I5)', () => {
  it('accepts strictly increasing tokens and skips grants without one', () => {
    expect(
      tokenOrderViolations([
        grant({ grantId: 0, replica: 'A', grantMs: 0, token: 7 }),
        grant({ grantId: 1, replica: 'B', grantMs: 10, token: null }),
        grant({ grantId: 2, replica: 'C', grantMs: 20, token: 8 }),
      ]),
    ).toEqual([]);
  });

  it('reports a duplicate token (S10: 7 again after failover)', () => {
    expect(
      tokenOrderViolations([
        grant({ grantId: 0, replica: 'A', grantMs: 0, token: 7 }),
        grant({ grantId: 1, replica: 'B', grantMs: 10_000, token: 7 }),
      ]),
    ).toEqual([
      { invariant: 'I5', atMs: 10_000, message: { key: 'tokenNotIncreasing', replica: 'B', token: 7, previous: 7 } },
    ]);
  });

  it('compares with the highest token so far and dates a late mint by its tokenMs (S20)', () => {
    const violations = tokenOrderViolations([
      grant({ grantId: 0, replica: 'A', grantMs: 0, token: 9, tokenMs: 50_000 }),
      grant({ grantId: 1, replica: 'B', grantMs: 10_000, token: 8, tokenMs: 30_000 }),
      grant({ grantId: 2, replica: 'C', grantMs: 20_000, token: 9 }),
      grant({ grantId: 3, replica: 'A', grantMs: 30_000, token: 10 }),
    ]);
    expect(violations.map((v) => [v.atMs, v.message])).toEqual([
      [30_000, { key: 'tokenNotIncreasing', replica: 'B', token: 8, previous: 9 }],
      [20_000, { key: 'tokenNotIncreasing', replica: 'C', token: 9, previous: 9 }],
    ]);
  });
});

describe('doubleApplyViolations (I3)', () => {
  it('reports each item applied more than once, at its second application', () => {
    expect(doubleApplyViolations([1001, 1002, 1003], [[100], [100, 200, 300], []])).toEqual([
      { invariant: 'I3', atMs: 200, message: { key: 'appliedTimes', order: 1002, times: 3, unit: 'order' } },
    ]);
  });

  it('reports nothing when every item applied at most once', () => {
    expect(doubleApplyViolations([1001, 1002], [[5], []])).toEqual([]);
  });
});

describe('zombieViolations (I2)', () => {
  it('turns each window into an info violation with its duration', () => {
    const window = { fromMs: 7_510_003, toMs: 7_670_002, replicas: ['A', 'B'], zombies: ['A'], takers: ['B'] };
    expect(zombieViolations([window])).toEqual([
      {
        invariant: 'I2',
        atMs: 7_510_003,
        message: { key: 'zombieWindow', zombies: ['A'], takers: ['B'], durationMs: 159_999 },
      },
    ]);
  });
});
