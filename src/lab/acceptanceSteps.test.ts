import { describe, expect, it } from 'vitest';
import { judgeAcceptance } from './acceptanceSteps';
import type { LabObservation } from './labObservation';
import { emptyNight, LAST_NIGHT_LOCK, LOCAL, lockRow, takeoverNight } from './labObservation.testing';

const statuses = (observation: LabObservation) => judgeAcceptance(observation).steps.map((step) => step.status);
const saying = (observation: LabObservation) => judgeAcceptance(observation).steps.map((step) => step.says);

describe('judgeAcceptance: every step seen', () => {
  it('names what it saw at each step, in simulated time of night', () => {
    const acceptance = judgeAcceptance(takeoverNight);
    expect(acceptance.happened).toBe(true);
    expect(acceptance.missing).toEqual([]);
    expect(acceptance.steps).toEqual([
      {
        step: 'holderCommitted',
        status: 'observed',
        says: 'A took the lock (token 7) at 02:00:10 and committed order 1001 at 02:00:50',
      },
      {
        step: 'pausedPastLease',
        status: 'observed',
        says: "A was paused (SIGSTOP) at 02:00:51 while it held the lock, until 02:07:51, past its lease's end at 02:05:10",
      },
      {
        step: 'takeoverCommitted',
        status: 'observed',
        says: "B took the lock (token 8) at 02:05:10 during A's pause and committed order 1002 at 02:06:00",
      },
      {
        step: 'resumed',
        status: 'observed',
        says: 'A was resumed (SIGCONT) at 02:07:51 and ran on until it exited with status 0 at 02:08:30',
      },
    ]);
  });

  it('without tokens, any takeover during the pause counts', () => {
    expect(judgeAcceptance({ ...takeoverNight, tokenColumn: false }).happened).toBe(true);
  });
});

describe('judgeAcceptance: a step that did not happen is named, and what depends on it is not reached', () => {
  it('a worker that exits at once: no worker took the lock', () => {
    const acceptance = judgeAcceptance(emptyNight(false));
    expect(acceptance.happened).toBe(false);
    expect(acceptance.missing).toEqual(['no worker took the lock: every worker exited without taking it']);
    expect(statuses(emptyNight(false))).toEqual(['missing', 'notReached', 'notReached', 'notReached']);
  });

  it('a worker that hangs: no worker took the lock, and no write before the deadline', () => {
    expect(judgeAcceptance(emptyNight(true)).missing).toEqual([
      'no worker took the lock; the workers hung: no write in 3 s',
    ]);
  });

  it('a worker that writes without ever taking the lock', () => {
    const lockless: LabObservation = { ...emptyNight(false), ledger: takeoverNight.ledger.slice(0, 1) };
    expect(judgeAcceptance(lockless).missing).toEqual([
      'no worker took the lock: every worker exited without taking it; A committed order 1001 at 02:00:50 without holding it',
    ]);
  });

  it('a worker that takes the lock and exits without writing', () => {
    const night: LabObservation = {
      ...emptyNight(false),
      lockHistory: [LAST_NIGHT_LOCK, lockRow(100, 3100, 100, 'orders-0', 7)],
    };
    expect(judgeAcceptance(night).missing).toEqual([
      'no worker committed a write while it held the lock (A took it (token 7) at 02:00:10)',
    ]);
  });

  it('--pause none: the job ran, but this run is not the acceptance test', () => {
    const night: LabObservation = { ...takeoverNight, pauseMode: 'none', pauses: [] };
    expect(statuses(night)).toEqual(['observed', 'missing', 'notReached', 'notReached']);
    expect(judgeAcceptance(night).missing).toEqual([
      'no pause was made (--pause none): this run is not the acceptance test',
    ]);
  });

  it('a holder that finished before the pause could stop it', () => {
    const gone: LabObservation = {
      ...takeoverNight,
      pauses: [],
      workerEnds: [{ replica: 'A', atLocalMs: LOCAL + 505, code: 0, signal: null, killedByHarness: false }],
    };
    expect(judgeAcceptance(gone).missing).toEqual([
      'the holder was never paused: it finished before the pause (A exited with status 0 at 02:00:50.500)',
    ]);
    // The signal reached a process that had already exited: it was never stopped.
    const stoppedTooLate: LabObservation = { ...gone, pauses: takeoverNight.pauses };
    expect(judgeAcceptance(stoppedTooLate).missing).toEqual(judgeAcceptance(gone).missing);
    expect(statuses(stoppedTooLate)).toEqual(['observed', 'missing', 'notReached', 'notReached']);
  });

  it('a holder that released the lock before the pause was not paused while it held it', () => {
    const released: LabObservation = {
      ...takeoverNight,
      lockHistory: [
        ...takeoverNight.lockHistory.slice(0, 2),
        lockRow(505, 505, 100, 'orders-0', 7),
        ...takeoverNight.lockHistory.slice(2),
      ],
    };
    expect(saying(released)[1]).toBe(
      'the holder was never paused while it held the lock: it finished before the pause (A released the lock at 02:00:50.500, the pause came at 02:00:51)',
    );
  });

  it('a pause shorter than the lease: nobody could take over during it', () => {
    const short: LabObservation = {
      ...takeoverNight,
      pauses: [{ replica: 'A', fromLocalMs: LOCAL + 510, toLocalMs: LOCAL + 2000 }],
    };
    expect(judgeAcceptance(short).missing).toEqual([
      'the holder was not paused past its lease: A was paused from 02:00:51 to 02:03:20 and its lease ran until 02:05:10 (the pause must outlast lockAtMostFor)',
      'nobody took over during the pause (A was paused from 02:00:51 to 02:03:20); B took the lock only at 02:05:10, after the pause',
    ]);
  });

  it("a takeover whose token is not above the holder's", () => {
    const sameToken: LabObservation = {
      ...takeoverNight,
      lockHistory: [LAST_NIGHT_LOCK, lockRow(100, 3100, 100, 'orders-0', 7), lockRow(3100, 6100, 3100, 'orders-1', 7)],
    };
    expect(judgeAcceptance(sameToken).missing).toEqual([
      "B took the lock during the pause with token 7, not above A's token 7",
    ]);
  });

  it('a takeover that committed nothing', () => {
    const idle: LabObservation = {
      ...takeoverNight,
      ledger: takeoverNight.ledger.filter((row) => row.replica === 'A'),
    };
    expect(judgeAcceptance(idle).missing).toEqual([
      'B took the lock during the pause (token 8) at 02:05:10 but committed no write',
    ]);
  });

  it('a holder never resumed: the deadline came during its pause', () => {
    const night: LabObservation = {
      ...takeoverNight,
      pauses: [{ replica: 'A', fromLocalMs: LOCAL + 510, toLocalMs: null }],
      deadlineMs: 6000,
      deadlineReached: true,
      workerEnds: [
        takeoverNight.workerEnds[0] as LabObservation['workerEnds'][number],
        { replica: 'A', atLocalMs: LOCAL + 6000, code: null, signal: 'SIGKILL', killedByHarness: true },
      ],
      endLocalMs: LOCAL + 6000,
    };
    expect(statuses(night)).toEqual(['observed', 'observed', 'observed', 'missing']);
    expect(judgeAcceptance(night).missing).toEqual([
      'A was never resumed: the lab stopped every worker at its deadline (6 s) at 02:10:00 while it was paused',
    ]);
  });

  it('a holder resumed just before the deadline had no time to act', () => {
    const night: LabObservation = {
      ...takeoverNight,
      deadlineMs: 4750,
      deadlineReached: true,
      workerEnds: [
        takeoverNight.workerEnds[0] as LabObservation['workerEnds'][number],
        { replica: 'A', atLocalMs: LOCAL + 4750, code: null, signal: 'SIGKILL', killedByHarness: true },
      ],
      endLocalMs: LOCAL + 4750,
    };
    expect(judgeAcceptance(night).missing).toEqual([
      'A was resumed (SIGCONT) at 02:07:51 but the lab stopped every worker at its deadline (4.75 s) at 02:07:55, less than one retry period later: it had no time to act',
    ]);
    const later: LabObservation = {
      ...night,
      workerEnds: [{ replica: 'A', atLocalMs: LOCAL + 5400, code: null, signal: 'SIGKILL', killedByHarness: true }],
      endLocalMs: LOCAL + 5400,
    };
    expect(saying(later)[3]).toBe(
      'A was resumed (SIGCONT) at 02:07:51 and ran on until the lab stopped it at 02:09:00',
    );
  });
});
