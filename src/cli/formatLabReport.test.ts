import { describe, expect, it } from 'vitest';
import type { LabObservation } from '../lab/labObservation';
import { emptyNight, takeoverNight } from '../lab/labObservation.testing';
import { buildLabReport } from '../lab/labReport';
import { formatLabReport, incompleteReason, labExitStatus, labVerdictLine } from './formatLabReport';

const EXTRAS = {
  database: 'PostgreSQL 18.4, compiled by gcc',
  worker: 'true',
  timings: { databaseStartMs: 900, totalMs: 2100 },
};
const reportOf = (observation: LabObservation) => buildLabReport('lab', observation, EXTRAS);
const onceEach: LabObservation = { ...takeoverNight, ledger: takeoverNight.ledger.slice(0, 2) };

describe('the lab report as text', () => {
  it('an empty night: NOT TESTED with the missing step, the steps table, exit 2', () => {
    const report = reportOf(emptyNight(false));
    const text = formatLabReport(report);
    expect(text).not.toMatch(/SAFE/);
    expect(text.split('\n').slice(3, 9)).toEqual([
      'NOT TESTED lab: the acceptance test did not happen: no worker took the lock: every worker exited without taking it',
      '  acceptance test',
      '    a holder committed     MISSING      no worker took the lock: every worker exited without taking it',
      '    paused past its lease  not reached  no holder committed a write',
      '    a takeover committed   not reached  no holder committed a write',
      '    resumed, lived on      not reached  no holder committed a write',
    ]);
    expect(labExitStatus(report)).toBe(2);
    expect(incompleteReason(report)).toBe(
      'the acceptance test did not happen: no worker took the lock: every worker exited without taking it',
    );
  });

  it('every step seen and nothing twice: SAFE, exit 0', () => {
    const report = reportOf(onceEach);
    expect(labVerdictLine(report)).toBe(
      'SAFE lab: no order applied twice, no stale token accepted; the acceptance test happened, every step observed',
    );
    expect(formatLabReport(report)).toMatch(/^ {4}resumed, lived on +observed +A was resumed \(SIGCONT\)/m);
    expect(labExitStatus(report)).toBe(0);
    expect(incompleteReason(report)).toBeNull();
  });

  it('the etcd lock: its server on the line after the database', () => {
    const report = buildLabReport('lab', onceEach, { ...EXTRAS, etcd: { server: 'etcd 3.4.23, one member' } });
    const lines = formatLabReport(report).split('\n');
    const database = lines.findIndex((line) => line.startsWith('lab: PostgreSQL'));
    expect(lines[database + 1]).toBe('lab: the lock on etcd 3.4.23, one member');
  });

  it('a double apply: UNSAFE, exit 1', () => {
    const report = reportOf(takeoverNight);
    expect(labVerdictLine(report)).toBe(
      "UNSAFE lab: order 1002 applied twice; A's write with token 7 was accepted after token 8",
    );
    expect(labExitStatus(report)).toBe(1);
  });

  it('--pause none that ran the job: not the acceptance test, in words, exit 0', () => {
    const report = reportOf({ ...onceEach, pauseMode: 'none', pauses: [] });
    expect(labVerdictLine(report)).toBe(
      'NOT THE ACCEPTANCE TEST lab: no pause was made (--pause none); no order applied twice, no stale token accepted',
    );
    expect(labExitStatus(report)).toBe(0);
  });
});
