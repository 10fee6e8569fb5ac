import { describe, expect, it } from 'vitest';
import type { MeasuredReport } from '../../model/measuredNight';
import type { CheckReport } from './checkReportTypes';
import { compareNights } from './compareMeasured';

const grant = (replica: string, token: number) => ({ replica, token, at: '02:00:00.000', until: '02:05:00.000' });
const write = (order: number, result: 'accepted' | 'stale') => ({
  replica: 'A',
  order,
  token: 7,
  sentAt: '02:01:00.000',
  at: '02:01:00.000',
  result,
});

const simulated: CheckReport = {
  file: 's.json',
  safe: true,
  doubleApplied: [],
  grants: [grant('A', 7), grant('B', 8)],
  writes: [write(1001, 'accepted'), write(1002, 'stale')],
  runs: [],
  violations: [],
};

function measured(overrides: Partial<MeasuredReport>): MeasuredReport {
  return {
    source: 'lab',
    database: 'PostgreSQL 18.4',
    scale: 10,
    worker: 'built-in',
    safe: true,
    doubleApplied: [],
    grants: [grant('B', 7), grant('A', 8)],
    writes: [write(1001, 'accepted'), write(1002, 'stale')],
    runs: [],
    pauses: [],
    ...overrides,
  } as MeasuredReport;
}

describe('compareNights', () => {
  it('agrees on tokens, double applies, stale writes and verdict even when other replicas held the lock', () => {
    const comparison = compareNights(measured({}), simulated);
    expect(comparison.tokens).toEqual({ measured: [7, 8], simulated: [7, 8], same: true });
    expect(comparison.twice.same && comparison.stale.same && comparison.safe.same).toBe(true);
  });

  it('names each difference with both sides', () => {
    const comparison = compareNights(
      measured({ safe: false, doubleApplied: [{ order: 1003, times: 2 }], grants: [grant('A', 7)], writes: [] }),
      simulated,
    );
    expect(comparison.tokens).toEqual({ measured: [7], simulated: [7, 8], same: false });
    expect(comparison.twice).toEqual({ measured: [1003], simulated: [], same: false });
    expect(comparison.stale).toEqual({ measured: 0, simulated: 1, same: false });
    expect(comparison.safe).toEqual({ measured: false, simulated: true, same: false });
  });

  it('says a measured night that missed a step of the acceptance test, or paused nobody, was not the test', () => {
    expect(compareNights(measured({}), simulated).measuredTest).toBe('tested');
    expect(compareNights(measured({ verdict: 'safe' }), simulated).measuredTest).toBe('tested');
    expect(compareNights(measured({ verdict: 'unsafe', safe: false }), simulated).measuredTest).toBe('tested');
    expect(compareNights(measured({ verdict: 'incomplete', safe: false }), simulated).measuredTest).toBe('incomplete');
    expect(compareNights(measured({ verdict: 'no-pause', safe: true }), simulated).measuredTest).toBe('no-pause');
  });
});
