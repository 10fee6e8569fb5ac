import { describe, expect, it } from 'vitest';
import type { ResolvedScenario, ShedlockConfig } from '../../../model/resolvedScenario';
import { type Database, newDatabase, type RecordSql } from '../../database';
import { reconcileJob } from '../../reconcileJob.testing';
import type { SqlStatement } from '../../sqlStatement';
import type { SqlNote } from '../../trace';
import { MINUTE_MS, shedlock } from './shedlockConfig.testing';
import { acquireLock, extendLock, forceExpireLock, readIsHolder, unlockLock } from './shedlockProvider';

const TWO_AM_MS = 7_200_000;

function freshDb(config: ShedlockConfig): Database {
  const scenario: ResolvedScenario = {
    title: 'shedlock test',
    description: '',
    windowFromMs: TWO_AM_MS,
    windowToMs: TWO_AM_MS + 10 * MINUTE_MS,
    replicas: [],
    job: reconcileJob([{ order: 1001, amountCents: 500 }]),
    lock: config,
    storage: { fencing: 'job', fenceOnAcquire: true, uniqueKey: false, lastToken: 6 },
    events: [],
  };
  return newDatabase(scenario);
}

function recorder(): { record: RecordSql; log: { statement: SqlStatement; rows: number; note: SqlNote }[] } {
  const log: { statement: SqlStatement; rows: number; note: SqlNote }[] = [];
  return { log, record: (statement, rows, note) => log.push({ statement, rows, note }) };
}

const ignore: RecordSql = () => {};

describe('acquireLock', () => {
  it('grants a free lock: lock_until = now + lockAtMostFor, locked_at = now, locked_by = me', () => {
    const config = shedlock();
    const db = freshDb(config);
    const { record, log } = recorder();
    const outcome = acquireLock(db, config, 'orders-0', TWO_AM_MS, true, record);
    expect(outcome).toEqual({ granted: true, token: 7, lockUntilMs: TWO_AM_MS + 5 * MINUTE_MS });
    expect(db.lockRow).toEqual({
      lockUntilMs: TWO_AM_MS + 5 * MINUTE_MS,
      lockedAtMs: TWO_AM_MS,
      lockedBy: 'orders-0',
      fencingToken: 7,
    });
    expect(log).toEqual([
      {
        statement: {
          kind: 'acquire',
          upsert: true,
          nowMs: TWO_AM_MS,
          untilMs: TWO_AM_MS + 5 * MINUTE_MS,
          atMostForMs: 5 * MINUTE_MS,
          host: 'orders-0',
          withToken: true,
          dbTime: true,
        },
        rows: 1,
        note: 'granted',
      },
    ]);
  });

  it('denies while held, leaving row and token alone, and reports the holder’s lock_until', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    const { record, log } = recorder();
    const outcome = acquireLock(db, config, 'orders-1', TWO_AM_MS + 5 * MINUTE_MS - 1, false, record);
    expect(outcome).toEqual({ granted: false, token: null, lockUntilMs: TWO_AM_MS + 5 * MINUTE_MS });
    expect(db.lockRow).toEqual({
      lockUntilMs: TWO_AM_MS + 5 * MINUTE_MS,
      lockedAtMs: TWO_AM_MS,
      lockedBy: 'orders-0',
      fencingToken: 7,
    });
    expect(log[0]?.rows).toBe(0);
    expect(log[0]?.note).toBe('denied');
    expect(log[0]?.statement).toMatchObject({ kind: 'acquire', upsert: false });
  });

  it('grants at the very millisecond lock_until falls due (`lock_until <= now`)', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    const outcome = acquireLock(db, config, 'orders-1', TWO_AM_MS + 5 * MINUTE_MS, false, ignore);
    expect(outcome).toEqual({ granted: true, token: 8, lockUntilMs: TWO_AM_MS + 10 * MINUTE_MS });
    expect(db.lockRow.lockedBy).toBe('orders-1');
  });

  it('lets the same host take its own expired lock back (acquisition ignores locked_by)', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    expect(acquireLock(db, config, 'orders-0', TWO_AM_MS + MINUTE_MS, false, ignore).granted).toBe(false);
    expect(acquireLock(db, config, 'orders-0', TWO_AM_MS + 5 * MINUTE_MS, false, ignore).token).toBe(8);
  });

  it('mints no token without the lab column', () => {
    const config = shedlock({ token: false });
    const db = freshDb(config);
    const { record, log } = recorder();
    expect(acquireLock(db, config, 'orders-0', TWO_AM_MS, true, record)).toMatchObject({ granted: true, token: null });
    expect(db.lockRow.fencingToken).toBe(6);
    expect(log[0]?.statement).toMatchObject({ withToken: false });
  });

  it('mints no token in the grant when the token is read after loading (S20)', () => {
    const config = shedlock({ tokenMint: 'afterLoad' });
    const db = freshDb(config);
    expect(acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore)).toMatchObject({ granted: true, token: null });
    expect(db.lockRow.fencingToken).toBe(6);
  });

  it('increments the token once per grant, never on a denial', () => {
    const config = shedlock();
    const db = freshDb(config);
    const tokens: (number | null)[] = [];
    for (let minute = 0; minute <= 12; minute++) {
      const outcome = acquireLock(db, config, `orders-${minute % 3}`, TWO_AM_MS + minute * MINUTE_MS, false, ignore);
      if (outcome.granted) tokens.push(outcome.token);
    }
    // Grants at 02:00, 02:05 and 02:10; ten denials in between.
    expect(tokens).toEqual([7, 8, 9]);
    expect(db.lockRow.fencingToken).toBe(9);
  });

  it('marks app time in the statement', () => {
    const config = shedlock({ time: 'app' });
    const db = freshDb(config);
    const { record, log } = recorder();
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, record);
    expect(log[0]?.statement).toMatchObject({ kind: 'acquire', dbTime: false });
  });
});

describe('unlockLock', () => {
  it('with DB time keeps the lock until the row’s locked_at + lockAtLeastFor (S02: 02:05:00)', () => {
    const config = shedlock({ lockAtMostForMs: 30 * MINUTE_MS, lockAtLeastForMs: 5 * MINUTE_MS });
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    const { record, log } = recorder();
    // The remembered createdAt is deliberately wrong: DB time must read the row's own locked_at.
    expect(unlockLock(db, config, 'orders-0', TWO_AM_MS + 3 * MINUTE_MS, TWO_AM_MS - 99 * MINUTE_MS, record)).toBe(
      true,
    );
    expect(db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 5 * MINUTE_MS);
    expect(log).toEqual([
      {
        statement: {
          kind: 'unlock',
          nowMs: TWO_AM_MS + 3 * MINUTE_MS,
          atLeastUntilMs: TWO_AM_MS + 5 * MINUTE_MS,
          atLeastForMs: 5 * MINUTE_MS,
          host: 'orders-0',
          dbTime: true,
        },
        rows: 1,
        note: 'released',
      },
    ]);
  });

  it('sets lock_until = now once lockAtLeastFor has passed', () => {
    const config = shedlock({ lockAtMostForMs: 30 * MINUTE_MS, lockAtLeastForMs: 5 * MINUTE_MS });
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    unlockLock(db, config, 'orders-0', TWO_AM_MS + 7 * MINUTE_MS, TWO_AM_MS, ignore);
    expect(db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 7 * MINUTE_MS);
  });

  it('with app time uses the holder’s remembered createdAt, not the row', () => {
    const config = shedlock({ time: 'app', lockAtMostForMs: 30 * MINUTE_MS, lockAtLeastForMs: 5 * MINUTE_MS });
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    unlockLock(db, config, 'orders-0', TWO_AM_MS + 2 * MINUTE_MS, TWO_AM_MS + MINUTE_MS, ignore);
    expect(db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 6 * MINUTE_MS);
  });

  it('is a no-op for a zombie after a takeover (0 rows, row untouched)', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    acquireLock(db, config, 'orders-1', TWO_AM_MS + 5 * MINUTE_MS + 10_000, true, ignore);
    const before = { ...db.lockRow };
    const { record, log } = recorder();
    expect(unlockLock(db, config, 'orders-0', TWO_AM_MS + 7 * MINUTE_MS + 50_000, TWO_AM_MS, record)).toBe(false);
    expect(db.lockRow).toEqual(before);
    expect(log[0]?.rows).toBe(0);
    expect(log[0]?.note).toBe('noop');
  });

  it('releases someone else’s lock when hostnames collide (the documented edge case)', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    acquireLock(db, config, 'orders-0', TWO_AM_MS + 5 * MINUTE_MS, true, ignore);
    expect(unlockLock(db, config, 'orders-0', TWO_AM_MS + 6 * MINUTE_MS, TWO_AM_MS, ignore)).toBe(true);
    expect(db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 6 * MINUTE_MS);
  });
});

describe('extendLock', () => {
  it('moves lock_until to now + lockAtMostFor for the live holder', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    const { record, log } = recorder();
    expect(extendLock(db, config, 'orders-0', TWO_AM_MS + 150_000, record)).toBe(true);
    expect(db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 450_000);
    expect(log[0]).toMatchObject({ rows: 1, note: 'extended' });
  });

  it('is lost once lock_until has come (`lock_until > now` is strict)', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    const { record, log } = recorder();
    expect(extendLock(db, config, 'orders-0', TWO_AM_MS + 5 * MINUTE_MS, record)).toBe(false);
    expect(db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 5 * MINUTE_MS);
    expect(log[0]).toMatchObject({ rows: 0, note: 'lost' });
  });

  it('is lost for anyone but the holder, and leaves the holder’s lease alone', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-1', TWO_AM_MS, true, ignore);
    expect(extendLock(db, config, 'orders-0', TWO_AM_MS + MINUTE_MS, ignore)).toBe(false);
    expect(db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 5 * MINUTE_MS);
  });

  it('never touches the token', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    extendLock(db, config, 'orders-0', TWO_AM_MS + MINUTE_MS, ignore);
    expect(db.lockRow.fencingToken).toBe(7);
  });
});

describe('readIsHolder and forceExpireLock', () => {
  it('the holder check reads holder and expiry', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    expect(readIsHolder(db, 'orders-0', TWO_AM_MS + MINUTE_MS, ignore)).toBe(true);
    expect(readIsHolder(db, 'orders-1', TWO_AM_MS + MINUTE_MS, ignore)).toBe(false);
    expect(readIsHolder(db, 'orders-0', TWO_AM_MS + 5 * MINUTE_MS, ignore)).toBe(false);
  });

  it('an operator’s forced expiry frees a held lock at once and is a no-op on a free one', () => {
    const config = shedlock();
    const db = freshDb(config);
    acquireLock(db, config, 'orders-0', TWO_AM_MS, true, ignore);
    expect(forceExpireLock(db, TWO_AM_MS + MINUTE_MS, ignore)).toBe(true);
    expect(db.lockRow.lockUntilMs).toBe(TWO_AM_MS + MINUTE_MS);
    expect(acquireLock(db, config, 'orders-1', TWO_AM_MS + MINUTE_MS, true, ignore).granted).toBe(true);
    expect(forceExpireLock(db, TWO_AM_MS + 3 * MINUTE_MS, ignore)).toBe(true);
    expect(forceExpireLock(db, TWO_AM_MS + 4 * MINUTE_MS, ignore)).toBe(false);
    expect(db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 3 * MINUTE_MS);
  });
});
