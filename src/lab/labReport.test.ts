import { describe, expect, it } from 'vitest';
import type { LabObservation } from './labObservation';
import { emptyNight, takeoverNight } from './labObservation.testing';
import { buildLabReport } from './labReport';

const observation = takeoverNight;
const EXTRAS = { database: 'PostgreSQL 18.4', worker: 'built-in', timings: { databaseStartMs: 0, totalMs: 1 } };

describe('buildLabReport', () => {
  const report = buildLabReport('lab', observation, {
    database: 'PostgreSQL 18.4',
    worker: 'node w.mjs',
    timings: { databaseStartMs: 800, totalMs: 9000 },
  });

  it('reads grants off the lock row history in simulated time (real ms x 1000 / scale after 02:00)', () => {
    expect(report.grants).toEqual([
      { replica: 'A', token: 7, at: '02:00:10.000', until: '02:05:10.000' },
      { replica: 'B', token: 8, at: '02:05:10.000', until: '02:07:30.000' },
    ]);
    expect(report.pauses).toEqual([{ replica: 'A', from: '02:00:51.000', to: '02:07:51.000' }]);
  });

  it('judges the ledger: order 1002 twice, and token 7 accepted after 8', () => {
    expect(report.safe).toBe(false);
    expect(report.doubleApplied).toEqual([{ order: 1002, times: 2 }]);
    expect(report.violations).toEqual([
      { invariant: 'I3', at: '02:08:20.000', message: 'order 1002 applied twice' },
      { invariant: 'I4', at: '02:08:20.000', message: "A's write with token 7 was accepted after token 8" },
    ]);
    expect(report.writes.map((write) => [write.replica, write.order, write.token, write.at, write.result])).toEqual([
      ['A', 1001, 7, '02:00:50.000', 'accepted'],
      ['B', 1002, 8, '02:06:00.000', 'accepted'],
      ['A', 1002, 7, '02:08:20.000', 'accepted'],
    ]);
  });

  it("without a statement log (a worker of one's own), runs are the grants until their release", () => {
    expect(report.runs).toEqual([
      { replica: 'A', token: 7, start: '02:00:10.000', end: null, outcome: null },
      { replica: 'B', token: 8, start: '02:05:10.000', end: '02:07:30.000', outcome: 'done' },
    ]);
  });

  it('is safe when every order is applied once in token order', () => {
    const safe = buildLabReport('lab', { ...observation, ledger: observation.ledger.slice(0, 2) }, EXTRAS);
    expect(safe.safe).toBe(true);
    expect(safe.verdict).toBe('safe');
    expect(safe.acceptance.happened).toBe(true);
    expect(safe.violations).toEqual([]);
  });
});

describe('buildLabReport: Safe only when the acceptance test happened', () => {
  it('an empty night is not safe: the verdict is incomplete and the report names the missing step', () => {
    const report = buildLabReport('lab', emptyNight(false), EXTRAS);
    expect(report.violations).toEqual([]);
    expect(report.safe).toBe(false);
    expect(report.verdict).toBe('incomplete');
    expect(report.acceptance.missing).toEqual(['no worker took the lock: every worker exited without taking it']);
  });

  it('a double apply is unsafe even when a step is missing (the finding stands)', () => {
    const noTakeover: LabObservation = { ...observation, lockHistory: observation.lockHistory.slice(0, 2) };
    const report = buildLabReport('lab', noTakeover, EXTRAS);
    expect(report.acceptance.happened).toBe(false);
    expect(report.verdict).toBe('unsafe');
    expect(report.safe).toBe(false);
  });

  it('--pause none with the job run and nothing twice: exit-0 verdict no-pause, never called safe', () => {
    const night: LabObservation = {
      ...observation,
      pauseMode: 'none',
      pauses: [],
      ledger: observation.ledger.slice(0, 2),
    };
    const report = buildLabReport('lab', night, EXTRAS);
    expect(report.verdict).toBe('no-pause');
    expect(report.safe).toBe(true);
    expect(report.acceptance.missing).toEqual([
      'no pause was made (--pause none): this run is not the acceptance test',
    ]);
    const nothingRan = buildLabReport('lab', { ...emptyNight(false), pauseMode: 'none' }, EXTRAS);
    expect(nothingRan.verdict).toBe('incomplete');
    expect(nothingRan.safe).toBe(false);
  });
});
