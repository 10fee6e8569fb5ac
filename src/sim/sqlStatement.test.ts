import { describe, expect, it } from 'vitest';
import { sqlInterval, timestampText } from './sqlLiterals';
import { renderSql, statementTarget } from './sqlStatement';

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

  it('acquires with the app clock’s full timestamps, minting the token in the same statement', () => {
    const sql = renderSql({
      kind: 'acquire',
      upsert: false,
      nowMs: TWO_AM_MS,
      untilMs: TWO_AM_MS + 300_000,
      atMostForMs: 300_000,
      host: 'orders-0',
      withToken: true,
      dbTime: false,
    });
    expect(sql).toBe(
      "UPDATE shedlock SET lock_until = timestamptz '2026-11-30 02:05:00.000+00', locked_at = timestamptz '2026-11-30 02:00:00.000+00', locked_by = 'orders-0', fencing_token = fencing_token + 1 WHERE name = 'nightly-reconciliation' AND lock_until <= timestamptz '2026-11-30 02:00:00.000+00' RETURNING fencing_token",
    );
  });

  it('makes the first attempt in a process an upsert on now() plus an interval, its token column qualified', () => {
    const sql = renderSql({
      kind: 'acquire',
      upsert: true,
      nowMs: TWO_AM_MS + 2,
      untilMs: TWO_AM_MS + 300_002,
      atMostForMs: 300_000,
      host: 'orders-1',
      withToken: true,
      dbTime: true,
    });
    expect(sql).toBe(
      "INSERT INTO shedlock (name, lock_until, locked_at, locked_by) VALUES ('nightly-reconciliation', now() + interval '5 minutes', now(), 'orders-1') ON CONFLICT (name) DO UPDATE SET lock_until = now() + interval '5 minutes', locked_at = now(), locked_by = 'orders-1', fencing_token = shedlock.fencing_token + 1 WHERE shedlock.lock_until <= now() RETURNING fencing_token /* now() = 2026-11-30 02:00:00.002+00 */",
    );
  });

  it('unlocks with the CASE on DB time and the max() already taken on app time', () => {
    const base = {
      kind: 'unlock',
      nowMs: TWO_AM_MS + 180_000,
      atLeastUntilMs: TWO_AM_MS + 300_000,
      atLeastForMs: 300_000,
      host: 'orders-0',
    } as const;
    expect(renderSql({ ...base, dbTime: true })).toContain(
      "lock_until = CASE WHEN locked_at + interval '5 minutes' > now() THEN locked_at + interval '5 minutes' ELSE now() END",
    );
    expect(renderSql({ ...base, dbTime: false })).toBe(
      "UPDATE shedlock SET lock_until = timestamptz '2026-11-30 02:05:00.000+00' WHERE name = 'nightly-reconciliation' AND locked_by = 'orders-0'",
    );
  });

  it('forces an expiry only on a lock still held, so 0 rows on a free lock is what the text says', () => {
    expect(renderSql({ kind: 'forceExpire', nowMs: TWO_AM_MS })).toBe(
      "UPDATE shedlock SET lock_until = now() WHERE name = 'nightly-reconciliation' AND lock_until > now() /* now() = 2026-11-30 02:00:00.000+00 */",
    );
  });

  it('ends an empty outbox claim without an empty IN list, and names the session it terminates', () => {
    expect(renderSql({ kind: 'outboxCommit', rows: [] })).not.toContain('IN ()');
    expect(renderSql({ kind: 'outboxCommit', rows: [3, 4] })).toBe(
      'UPDATE outbox SET sent_at = now() WHERE id IN (3, 4)',
    );
    expect(renderSql({ kind: 'terminateSession', session: 'A#0' })).toBe(
      "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = 'A#0'",
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

  it('says which service a statement goes to', () => {
    expect(statementTarget('acquire')).toBe('postgresql');
    expect(statementTarget('redisSet')).toBe('redis');
    expect(statementTarget('leaseRenew')).toBe('kubernetes');
    expect(statementTarget('outboxPublish')).toBe('broker');
  });
});

describe('SQL literals', () => {
  it('writes times of the night as timestamps on the night’s date, the next day past 24:00', () => {
    expect(timestampText(TWO_AM_MS + 2)).toBe('2026-11-30 02:00:00.002+00');
    expect(timestampText(24 * 3_600_000 + 60_000)).toBe('2026-12-01 00:01:00.000+00');
    expect(timestampText(-60_000)).toBe('2026-11-29 23:59:00.000+00');
  });

  it('writes durations as PostgreSQL intervals', () => {
    expect(sqlInterval(300_000)).toBe("interval '5 minutes'");
    expect(sqlInterval(0)).toBe("interval '0 seconds'");
    expect(sqlInterval(90_250)).toBe("interval '1 minute 30.25 seconds'");
    expect(sqlInterval(3_600_000 + 1000)).toBe("interval '1 hour 1 second'");
  });
});
