import { describe, expect, it } from 'vitest';
import type { ResolvedScenario, ResolvedStorage } from '../model/resolvedScenario';
import { Database, type RecordSql } from './database';
import { reconcileJob } from './reconcileJob.testing';
import { RUN_DATE } from './runDate';
import type { SqlStatement } from './sqlStatement';
import type { SqlNote } from './trace';

/** Tonight's five adjustments (DOMAIN.md §3.3), in cents. */
const ITEMS = [
  { order: 1001, amountCents: 500 },
  { order: 1002, amountCents: -250 },
  { order: 1003, amountCents: 500 },
  { order: 1004, amountCents: 1200 },
  { order: 1005, amountCents: -100 },
];

function scenarioWith(storage: Partial<ResolvedStorage>): ResolvedScenario {
  return {
    title: 'database test',
    description: '',
    windowFromMs: 7_200_000,
    windowToMs: 7_800_000,
    replicas: [],
    job: reconcileJob(ITEMS),
    lock: { kind: 'none' },
    storage: { fencing: 'job', fenceOnAcquire: true, uniqueKey: false, lastToken: 6, ...storage },
    events: [],
  };
}

interface Recorded {
  readonly statement: SqlStatement;
  readonly rows: number;
  readonly note: SqlNote;
}

function recorder(): { record: RecordSql; log: Recorded[] } {
  const log: Recorded[] = [];
  return { log, record: (statement, rows, note) => log.push({ statement, rows, note }) };
}

describe('Database at the start of the night', () => {
  it('starts every counter at last night’s token and the lock row long expired', () => {
    const db = new Database(scenarioWith({ lastToken: 41 }));
    expect(db.lockRow).toEqual({ lockUntilMs: 0, lockedAtMs: 0, lockedBy: '', fencingToken: 41 });
    expect(db.jobLastToken).toBe(41);
    expect(db.tokenSequence).toBe(41);
    expect(db.rowLastToken).toEqual([41, 41, 41, 41, 41]);
    expect(db.pendingItems()).toEqual([0, 1, 2, 3, 4]);
    expect(db.runDone).toBe(false);
  });

  it('hides the token column from the row view unless the lab column is on', () => {
    const db = new Database(scenarioWith({}));
    expect(db.lockRowView(false).fencingToken).toBeNull();
    expect(db.lockRowView(true).fencingToken).toBe(6);
  });
});

describe('Database.fenceJob (fence on acquire)', () => {
  it('accepts a higher token and moves the fence', () => {
    const db = new Database(scenarioWith({}));
    const { record, log } = recorder();
    expect(db.fenceJob(7, record)).toBe(true);
    expect(db.jobLastToken).toBe(7);
    expect(log).toEqual([{ statement: { kind: 'fenceJob', token: 7 }, rows: 1, note: 'fenced' }]);
  });

  it('accepts an equal token (`last_token <= :t`)', () => {
    const db = new Database(scenarioWith({}));
    expect(db.fenceJob(6, recorder().record)).toBe(true);
    expect(db.jobLastToken).toBe(6);
  });

  it('calls a lower token stale and leaves the fence where it was', () => {
    const db = new Database(scenarioWith({}));
    db.fenceJob(8, recorder().record);
    const { record, log } = recorder();
    expect(db.fenceJob(7, record)).toBe(false);
    expect(db.jobLastToken).toBe(8);
    expect(log).toEqual([{ statement: { kind: 'fenceJob', token: 7 }, rows: 0, note: 'stale' }]);
  });

  it('calls a NULL token stale (`last_token <= NULL` is not true)', () => {
    const db = new Database(scenarioWith({}));
    expect(db.fenceJob(null, recorder().record)).toBe(false);
    expect(db.jobLastToken).toBe(6);
  });
});

describe('Database.writeItem with per-job fencing', () => {
  it('commits fence, ledger row and balance in one transaction', () => {
    const db = new Database(scenarioWith({}));
    const { record, log } = recorder();
    expect(db.writeItem(2, 7, record)).toBe('accepted');
    expect(db.jobLastToken).toBe(7);
    expect(db.appliedCount).toEqual([0, 0, 1, 0, 0]);
    expect(db.balanceDeltaCents).toEqual([0, 0, 500, 0, 0]);
    expect(log.map((entry) => [entry.statement.kind, entry.rows, entry.note])).toEqual([
      ['begin', 0, 'begun'],
      ['fenceJob', 1, 'fenced'],
      ['insertLedger', 1, 'inserted'],
      ['applyBalance', 1, 'applied'],
      ['commit', 0, 'committed'],
    ]);
    expect(log[2]?.statement).toEqual({
      kind: 'insertLedger',
      order: 1003,
      amountCents: 500,
      token: 7,
      runDate: RUN_DATE,
    });
  });

  it('lets one run write many items with the same token (gte)', () => {
    const db = new Database(scenarioWith({}));
    const { record } = recorder();
    expect(db.writeItem(0, 7, record)).toBe('accepted');
    expect(db.writeItem(1, 7, record)).toBe('accepted');
    expect(db.jobLastToken).toBe(7);
  });

  it('rejects token 7 after token 8 (S07) and rolls back with no effect', () => {
    const db = new Database(scenarioWith({}));
    db.writeItem(3, 8, recorder().record);
    const { record, log } = recorder();
    expect(db.writeItem(2, 7, record)).toBe('stale');
    expect(db.jobLastToken).toBe(8);
    expect(db.appliedCount[2]).toBe(0);
    expect(db.balanceDeltaCents[2]).toBe(0);
    expect(log.map((entry) => [entry.statement.kind, entry.rows, entry.note])).toEqual([
      ['begin', 0, 'begun'],
      ['fenceJob', 0, 'stale'],
      ['rollback', 0, 'rolledBack'],
    ]);
  });

  it('rejects a write without a token', () => {
    const db = new Database(scenarioWith({}));
    expect(db.writeItem(0, null, recorder().record)).toBe('stale');
    expect(db.appliedCount[0]).toBe(0);
  });

  it('throws on an item index outside the job', () => {
    const db = new Database(scenarioWith({}));
    expect(() => db.writeItem(5, 7, recorder().record)).toThrow(/unknown item 5/);
  });
});

describe('Database.writeItem without fencing', () => {
  it('applies every write, token or not: a second write doubles the balance', () => {
    const db = new Database(scenarioWith({ fencing: 'off' }));
    const { record, log } = recorder();
    expect(db.writeItem(3, null, record)).toBe('accepted');
    expect(db.writeItem(3, 5, record)).toBe('accepted');
    expect(db.appliedCount[3]).toBe(2);
    expect(db.balanceDeltaCents[3]).toBe(2_400);
    expect(db.jobLastToken).toBe(6);
    expect(log.some((entry) => entry.statement.kind === 'fenceJob' || entry.statement.kind === 'fenceRow')).toBe(false);
  });
});

describe('Database.writeItem with per-row fencing', () => {
  it('only protects the rows the newer holder already touched (S21a)', () => {
    const db = new Database(scenarioWith({ fencing: 'row' }));
    expect(db.writeItem(2, 8, recorder().record)).toBe('accepted');
    expect(db.rowLastToken).toEqual([6, 6, 8, 6, 6]);
    expect(db.jobLastToken).toBe(6);

    const { record, log } = recorder();
    expect(db.writeItem(2, 7, record)).toBe('stale');
    expect(log[1]).toEqual({ statement: { kind: 'fenceRow', order: 1003, token: 7 }, rows: 0, note: 'stale' });
    // Order 1004 was never touched by token 8, so the zombie's token 7 still passes there.
    expect(db.writeItem(3, 7, recorder().record)).toBe('accepted');
    expect(db.rowLastToken).toEqual([6, 6, 8, 7, 6]);
    expect(db.appliedCount).toEqual([0, 0, 1, 1, 0]);
  });
});

describe('Database.writeItem with UNIQUE(order_id, run_date)', () => {
  it('turns the second write of an item into a duplicate and rolls back its fence update', () => {
    const db = new Database(scenarioWith({ uniqueKey: true }));
    expect(db.writeItem(0, 7, recorder().record)).toBe('accepted');
    const { record, log } = recorder();
    expect(db.writeItem(0, 9, record)).toBe('duplicate');
    expect(db.jobLastToken).toBe(7);
    expect(db.appliedCount[0]).toBe(1);
    expect(db.balanceDeltaCents[0]).toBe(500);
    expect(log.map((entry) => [entry.statement.kind, entry.rows, entry.note])).toEqual([
      ['begin', 0, 'begun'],
      ['fenceJob', 1, 'fenced'],
      ['insertLedger', 0, 'duplicate'],
      ['rollback', 0, 'rolledBack'],
    ]);
  });

  it('rolls back a per-row fence update too', () => {
    const db = new Database(scenarioWith({ uniqueKey: true, fencing: 'row' }));
    db.writeItem(1, 7, recorder().record);
    expect(db.writeItem(1, 9, recorder().record)).toBe('duplicate');
    expect(db.rowLastToken[1]).toBe(7);
  });

  it('keeps effects exactly once without any fencing (S01 variant)', () => {
    const db = new Database(scenarioWith({ uniqueKey: true, fencing: 'off' }));
    expect(db.writeItem(4, null, recorder().record)).toBe('accepted');
    expect(db.writeItem(4, null, recorder().record)).toBe('duplicate');
    expect(db.writeItem(4, null, recorder().record)).toBe('duplicate');
    expect(db.balanceDeltaCents[4]).toBe(-100);
  });

  it('still reports a stale token as stale, before the unique check', () => {
    const db = new Database(scenarioWith({ uniqueKey: true }));
    db.writeItem(0, 8, recorder().record);
    expect(db.writeItem(0, 7, recorder().record)).toBe('stale');
  });
});

describe('Database.pendingItems', () => {
  it('lists the items with no ledger row yet, in job order', () => {
    const db = new Database(scenarioWith({ fencing: 'off' }));
    db.writeItem(1, null, recorder().record);
    db.writeItem(3, null, recorder().record);
    expect(db.pendingItems()).toEqual([0, 2, 4]);
  });

  it('ignores writes that were stale or duplicate', () => {
    const db = new Database(scenarioWith({}));
    db.fenceJob(8, recorder().record);
    db.writeItem(0, 7, recorder().record);
    expect(db.pendingItems()).toEqual([0, 1, 2, 3, 4]);
  });
});
