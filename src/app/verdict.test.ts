import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../sim/checkReportTypes';
import { doubleAppliedOrders, unsafeReasons } from './verdict';

const base: CheckReport = {
  file: 'x.json',
  safe: true,
  doubleApplied: [],
  grants: [],
  writes: [],
  runs: [],
  violations: [],
};

describe('unsafeReasons', () => {
  it('gives no reason for a safe report', () => {
    expect(unsafeReasons(base)).toEqual([]);
  });

  it('groups double-applied orders by count, then lists each stale-token message once', () => {
    const stale = { invariant: 'I4', at: '02:08:00.000', message: "A's token 7 accepted after 8" } as const;
    const report: CheckReport = {
      ...base,
      safe: false,
      doubleApplied: [
        { order: 1003, times: 2 },
        { order: 1004, times: 3 },
        { order: 1005, times: 2 },
      ],
      violations: [
        { invariant: 'I3', at: '02:07:50.002', message: 'order 1003 applied twice' },
        stale,
        { ...stale, at: '02:08:30.000' },
      ],
    };
    expect(unsafeReasons(report)).toEqual([
      { kind: 'doubleApplied', orders: [1003, 1005], times: 2 },
      { kind: 'doubleApplied', orders: [1004], times: 3 },
      { kind: 'staleAccepted', message: "A's token 7 accepted after 8" },
    ]);
    expect([...doubleAppliedOrders(report)]).toEqual([1003, 1004, 1005]);
  });
});
