/**
 * Test helper: one lab night as the harness would observe it, in which the acceptance test
 * happens step by step (scale 10, so 10 real ms are one simulated second after 02:00:00).
 * A takes token 7 at 02:00:10 and commits order 1001 at 02:00:50; the harness pauses it at
 * 02:00:51; its lease ends at 02:05:10, when B takes token 8; B commits 1002 at 02:06:00 and
 * releases at 02:07:30; A is resumed at 02:07:51, writes 1002 again (unfenced) and exits.
 */
import type { LabObservation, LockHistoryRow } from './labObservation';

export const DB = 1_000_000;
export const LOCAL = 5_000_000;

export const lockRow = (changed: number, until: number, locked: number, by: string, token: number): LockHistoryRow => ({
  changedAtMs: DB + changed,
  lockUntilMs: DB + until,
  lockedAtMs: DB + locked,
  lockedBy: by,
  token,
});

/** Last night's lock row, there before the night starts. */
export const LAST_NIGHT_LOCK = lockRow(-50, -86_400_000, -86_400_000, 'orders-0', 6);

export const takeoverNight: LabObservation = {
  scale: 10,
  replicas: [
    { id: 'A', hostname: 'orders-0' },
    { id: 'B', hostname: 'orders-1' },
  ],
  nightStartDbMs: DB,
  nightStartLocalMs: LOCAL,
  tokenColumn: true,
  lockHistory: [
    LAST_NIGHT_LOCK,
    lockRow(100, 3100, 100, 'orders-0', 7),
    lockRow(3100, 6100, 3100, 'orders-1', 8),
    lockRow(4500, 4500, 3100, 'orders-1', 8),
  ],
  ledger: [
    { order: 1001, runDate: '2026-12-01', token: 7, replica: 'A', committedAtMs: DB + 500 },
    { order: 1002, runDate: '2026-12-01', token: 8, replica: 'B', committedAtMs: DB + 3600 },
    { order: 1002, runDate: '2026-12-01', token: 7, replica: 'A', committedAtMs: DB + 5000 },
  ],
  statements: [],
  runLines: [],
  pauses: [{ replica: 'A', fromLocalMs: LOCAL + 510, toLocalMs: LOCAL + 4710 }],
  pauseMode: 'auto',
  deadlineMs: 60_000,
  retryMs: 600,
  deadlineReached: false,
  workerEnds: [
    { replica: 'B', atLocalMs: LOCAL + 4600, code: 0, signal: null, killedByHarness: false },
    { replica: 'A', atLocalMs: LOCAL + 5100, code: 0, signal: null, killedByHarness: false },
  ],
  endLocalMs: LOCAL + 5100,
};

/** A night in which nothing happened: every worker exited at once, or (`hung`) ran to the deadline doing nothing. */
export function emptyNight(hung: boolean): LabObservation {
  return {
    ...takeoverNight,
    lockHistory: [LAST_NIGHT_LOCK],
    ledger: [],
    pauses: [],
    deadlineMs: hung ? 3000 : 60_000,
    deadlineReached: hung,
    workerEnds: ['A', 'B'].map((replica) =>
      hung
        ? { replica, atLocalMs: LOCAL + 3000, code: null, signal: 'SIGKILL', killedByHarness: true }
        : { replica, atLocalMs: LOCAL + 40, code: 0, signal: null, killedByHarness: false },
    ),
    endLocalMs: LOCAL + (hung ? 3000 : 40),
  };
}
