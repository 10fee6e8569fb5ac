import { describe, expect, it } from 'vitest';
import { renderSql } from './sqlStatement';

const TWO_AM_MS = 7_200_000;

describe('renderSql', () => {
  it('writes the EX04 fence with the gte rule, and NULL for a missing token', () => {
    expect(renderSql({ kind: 'fenceJob', token: 7 })).toBe(
      "UPDATE recon_fence SET last_token = 7 WHERE job_id = 'nightly-reconciliation' AND last_token <= 7",
    );
    expect(renderSql({ kind: 'fenceJob', token: null })).toContain('AND last_token <= NULL');
    expect(renderSql({ kind: 'fenceRow', order: 1003, token: 8 })).toBe(
      'UPDATE orders SET last_token = 8 WHERE id = 1003 AND last_token <= 8',
    );
  });

  it('acquires with the app clock’s literal time, minting the token in the same statement', () => {
    const sql = renderSql({
      kind: 'acquire',
      upsert: false,
      nowMs: TWO_AM_MS,
      untilMs: TWO_AM_MS + 300_000,
      host: 'orders-0',
      withToken: true,
      dbTime: false,
    });
    expect(sql).toBe(
      "UPDATE shedlock SET lock_until = '02:05:00.000', locked_at = '02:00:00.000', locked_by = 'orders-0', fencing_token = fencing_token + 1 WHERE name = 'nightly-reconciliation' AND lock_until <= '02:00:00.000' RETURNING fencing_token",
    );
  });

  it('makes the first attempt in a process an upsert guarded by lock_until <= now()', () => {
    const sql = renderSql({
      kind: 'acquire',
      upsert: true,
      nowMs: TWO_AM_MS,
      untilMs: TWO_AM_MS + 300_000,
      host: 'orders-1',
      withToken: false,
      dbTime: true,
    });
    expect(sql.startsWith('INSERT INTO shedlock (name, lock_until, locked_at, locked_by)')).toBe(true);
    expect(sql).toContain('ON CONFLICT (name) DO UPDATE');
    expect(sql).toContain("WHERE shedlock.lock_until <= now() /* '02:00:00.000' */");
    expect(sql).not.toContain('fencing_token');
  });

  it('unlocks with the CASE on DB time and the max() already taken on app time', () => {
    const base = {
      kind: 'unlock',
      nowMs: TWO_AM_MS + 180_000,
      atLeastUntilMs: TWO_AM_MS + 300_000,
      host: 'orders-0',
    } as const;
    expect(renderSql({ ...base, dbTime: true })).toContain(
      'CASE WHEN locked_at + lockAtLeastFor > now() THEN locked_at + lockAtLeastFor ELSE now() END',
    );
    expect(renderSql({ ...base, dbTime: false })).toBe(
      "UPDATE shedlock SET lock_until = '02:05:00.000' WHERE name = 'nightly-reconciliation' AND locked_by = 'orders-0'",
    );
  });

  it('writes signed amounts into the ledger and balance statements', () => {
    expect(
      renderSql({ kind: 'insertLedger', order: 1002, amountCents: -250, token: null, runDate: '2026-11-30' }),
    ).toBe("INSERT INTO order_adjustment (order_id, run_date, amount, token) VALUES (1002, '2026-11-30', -2.50, NULL)");
    expect(renderSql({ kind: 'applyBalance', order: 1004, amountCents: 1_200 })).toBe(
      'UPDATE orders SET balance = balance + 12.00 WHERE id = 1004',
    );
  });
});
