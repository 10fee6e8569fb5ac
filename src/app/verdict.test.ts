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

  it('lists double-applied orders first, then accepted stale tokens', () => {
    const report: CheckReport = {
      ...base,
      safe: false,
      doubleApplied: [{ order: 1003, times: 2 }],
      violations: [
        { invariant: 'I3', at: '02:07:50.002', message: 'order 1003 applied twice' },
        { invariant: 'I4', at: '02:08:00.000', message: 'token 7 accepted after token 8' },
      ],
    };
    expect(unsafeReasons(report)).toEqual([
      { kind: 'doubleApplied', order: 1003, times: 2 },
      { kind: 'staleAccepted', message: 'token 7 accepted after token 8' },
    ]);
    expect([...doubleAppliedOrders(report)]).toEqual([1003]);
  });
});
