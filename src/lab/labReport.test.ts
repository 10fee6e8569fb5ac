import { describe, expect, it } from 'vitest';
import { buildLabReport, type LabObservation } from './labReport';

const DB = 1_000_000;
const LOCAL = 5_000_000;
const history = (changed: number, until: number, locked: number, by: string, token: number) => ({
  changedAtMs: DB + changed,
  lockUntilMs: DB + until,
  lockedAtMs: DB + locked,
  lockedBy: by,
  token,
});

/** A takes token 7 and is paused; B takes 8 after the lease and releases; A writes 1002 again. */
const observation: LabObservation = {
  scale: 10,
  replicas: [
    { id: 'A', hostname: 'orders-0' },
    { id: 'B', hostname: 'orders-1' },
  ],
  nightStartDbMs: DB,
  nightStartLocalMs: LOCAL,
  tokenColumn: true,
  lockHistory: [
    history(-50, -86_400_000, -86_400_000, 'orders-0', 6),
    history(100, 3100, 100, 'orders-0', 7),
    history(3100, 6100, 3100, 'orders-1', 8),
    history(4500, 4500, 3100, 'orders-1', 8),
  ],
  ledger: [
    { order: 1001, runDate: '2026-12-01', token: 7, replica: 'A', committedAtMs: DB + 500 },
    { order: 1002, runDate: '2026-12-01', token: 8, replica: 'B', committedAtMs: DB + 3600 },
    { order: 1002, runDate: '2026-12-01', token: 7, replica: 'A', committedAtMs: DB + 5000 },
  ],
  statements: [],
  runLines: [],
  pauses: [{ replica: 'A', fromLocalMs: LOCAL + 510, toLocalMs: LOCAL + 4710 }],
};

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
    const safe = buildLabReport(
      'lab',
      { ...observation, ledger: observation.ledger.slice(0, 2) },
      {
        database: 'PostgreSQL 18.4',
        worker: 'built-in',
        timings: { databaseStartMs: 0, totalMs: 1 },
      },
    );
    expect(safe.safe).toBe(true);
    expect(safe.violations).toEqual([]);
  });
});
