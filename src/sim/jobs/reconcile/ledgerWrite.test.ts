/**
 * The reconciliation's write transaction (`writeLedger`) against a real `Database`: the fence
 * (per job, per row, none), the ledger row and the balance, UNIQUE(order_id, run_date), and the
 * LOAD snapshot the writes leave.
 */
import { describe, expect, it } from 'vitest';
import type { ResolvedStorage } from '../../../model/resolvedScenario';
import { type Database, fenceJob, newDatabase, pendingItems, type RecordSql } from '../../database';
import { scenarioWithStorage, statementRecorder } from '../../database.testing';
import { RUN_DATE } from '../../runDate';
import { writeLedger } from './ledgerWrite';

const scenarioWith = (storage: Partial<ResolvedStorage>) => scenarioWithStorage('ledger write test', storage);
const recorder = statementRecorder;

/** A fresh database and the reconciliation's write transaction against it. */
function ledger(storage: Partial<ResolvedStorage>): {
  db: Database;
  write: (itemIndex: number, token: number | null, record: RecordSql) => ReturnType<typeof writeLedger>;
} {
  const scenario = scenarioWith(storage);
  const db = newDatabase(scenario);
  return { db, write: (itemIndex, token, record) => writeLedger(db, scenario, itemIndex, token, record) };
}

describe('the ledger write with per-job fencing', () => {
  it('commits fence, ledger row and balance in one transaction', () => {
    const { db, write } = ledger({});
    const { record, log } = recorder();
    expect(write(2, 7, record)).toBe('accepted');
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
    const { db, write } = ledger({});
    const { record } = recorder();
    expect(write(0, 7, record)).toBe('accepted');
    expect(write(1, 7, record)).toBe('accepted');
    expect(db.jobLastToken).toBe(7);
  });

  it('rejects token 7 after token 8 (S07) and rolls back with no effect', () => {
    const { db, write } = ledger({});
    write(3, 8, recorder().record);
    const { record, log } = recorder();
    expect(write(2, 7, record)).toBe('stale');
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
    const { db, write } = ledger({});
    expect(write(0, null, recorder().record)).toBe('stale');
    expect(db.appliedCount[0]).toBe(0);
  });

  it('throws on an item index outside the job', () => {
    const { write } = ledger({});
    expect(() => write(5, 7, recorder().record)).toThrow(/unknown item 5/);
  });
});

describe('the ledger write without fencing', () => {
  it('applies every write, token or not: a second write doubles the balance', () => {
    const { db, write } = ledger({ fencing: 'off' });
    const { record, log } = recorder();
    expect(write(3, null, record)).toBe('accepted');
    expect(write(3, 5, record)).toBe('accepted');
    expect(db.appliedCount[3]).toBe(2);
    expect(db.balanceDeltaCents[3]).toBe(2_400);
    expect(db.jobLastToken).toBe(6);
    expect(log.some((entry) => entry.statement.kind === 'fenceJob' || entry.statement.kind === 'fenceRow')).toBe(false);
  });
});

describe('the ledger write with per-row fencing', () => {
  it('only protects the rows the newer holder already touched (S21a)', () => {
    const { db, write } = ledger({ fencing: 'row' });
    expect(write(2, 8, recorder().record)).toBe('accepted');
    expect(db.rowLastToken).toEqual([6, 6, 8, 6, 6]);
    expect(db.jobLastToken).toBe(6);

    const { record, log } = recorder();
    expect(write(2, 7, record)).toBe('stale');
    expect(log[1]).toEqual({ statement: { kind: 'fenceRow', order: 1003, token: 7 }, rows: 0, note: 'stale' });
    // Order 1004 was never touched by token 8, so the zombie's token 7 still passes there.
    expect(write(3, 7, recorder().record)).toBe('accepted');
    expect(db.rowLastToken).toEqual([6, 6, 8, 7, 6]);
    expect(db.appliedCount).toEqual([0, 0, 1, 1, 0]);
  });
});

describe('the ledger write with UNIQUE(order_id, run_date)', () => {
  it('turns the second write of an item into a duplicate and rolls back its fence update', () => {
    const { db, write } = ledger({ uniqueKey: true });
    expect(write(0, 7, recorder().record)).toBe('accepted');
    const { record, log } = recorder();
    expect(write(0, 9, record)).toBe('duplicate');
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
    const { db, write } = ledger({ uniqueKey: true, fencing: 'row' });
    write(1, 7, recorder().record);
    expect(write(1, 9, recorder().record)).toBe('duplicate');
    expect(db.rowLastToken[1]).toBe(7);
  });

  it('keeps effects exactly once without any fencing (S01 variant)', () => {
    const { db, write } = ledger({ uniqueKey: true, fencing: 'off' });
    expect(write(4, null, recorder().record)).toBe('accepted');
    expect(write(4, null, recorder().record)).toBe('duplicate');
    expect(write(4, null, recorder().record)).toBe('duplicate');
    expect(db.balanceDeltaCents[4]).toBe(-100);
  });

  it('still reports a stale token as stale, before the unique check', () => {
    const { write } = ledger({ uniqueKey: true });
    write(0, 8, recorder().record);
    expect(write(0, 7, recorder().record)).toBe('stale');
  });
});

describe('Database.pendingItems after ledger writes', () => {
  it('lists the items with no ledger row yet, in job order', () => {
    const { db, write } = ledger({ fencing: 'off' });
    write(1, null, recorder().record);
    write(3, null, recorder().record);
    expect(pendingItems(db)).toEqual([0, 2, 4]);
  });

  it('ignores writes that were stale or duplicate', () => {
    const { db, write } = ledger({});
    fenceJob(db, 8, recorder().record);
    write(0, 7, recorder().record);
    expect(pendingItems(db)).toEqual([0, 1, 2, 3, 4]);
  });
});
