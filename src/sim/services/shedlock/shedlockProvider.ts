/**
 * ShedLock's `JdbcTemplateLockProvider` statements on the `shedlock` row (docs/model.md §5.2, F5),
 * plus the lab's `fencing_token` column. `nowMs` is the clock the statement reads: the
 * database's wall clock with `usingDbTime()` (`time: db`), the issuing replica's otherwise.
 */
import type { ShedlockConfig } from '../../../model/resolvedScenario';
import type { Database, RecordSql } from '../../database';

export interface AcquireOutcome {
  readonly granted: boolean;
  /** The token minted in the same statement (`token: true`, `tokenMint: grant`), else null. */
  readonly token: number | null;
  readonly lockUntilMs: number;
}

/** Acquire = conditional update `WHERE lock_until <= now` (ties go to the caller). */
export function acquireLock(
  db: Database,
  config: ShedlockConfig,
  host: string,
  nowMs: number,
  firstAttemptInProcess: boolean,
  record: RecordSql,
): AcquireOutcome {
  const row = db.lockRow;
  const untilMs = nowMs + config.lockAtMostForMs;
  const withToken = config.token && config.tokenMint === 'grant';
  const granted = row.lockUntilMs <= nowMs;
  if (granted) {
    row.lockUntilMs = untilMs;
    row.lockedAtMs = nowMs;
    row.lockedBy = host;
    if (withToken) row.fencingToken += 1;
  }
  record(
    {
      kind: 'acquire',
      upsert: firstAttemptInProcess,
      nowMs,
      untilMs,
      atMostForMs: config.lockAtMostForMs,
      host,
      withToken,
      dbTime: config.time === 'db',
    },
    granted ? 1 : 0,
    granted ? 'granted' : 'denied',
  );
  return { granted, token: granted && withToken ? row.fencingToken : null, lockUntilMs: row.lockUntilMs };
}

/** KeepAlive / LockExtender: `WHERE locked_by = :me AND lock_until > now`; 0 rows = lost. */
export function extendLock(
  db: Database,
  config: ShedlockConfig,
  host: string,
  nowMs: number,
  record: RecordSql,
): boolean {
  const row = db.lockRow;
  const untilMs = nowMs + config.lockAtMostForMs;
  const extended = row.lockedBy === host && row.lockUntilMs > nowMs;
  if (extended) row.lockUntilMs = untilMs;
  record(
    { kind: 'extend', nowMs, untilMs, atMostForMs: config.lockAtMostForMs, host, dbTime: config.time === 'db' },
    extended ? 1 : 0,
    extended ? 'extended' : 'lost',
  );
  return extended;
}

/**
 * Unlock keeps the lock until `lockAtLeastFor` after it was taken (F3). `createdAtMs` is the
 * holder's remembered `locked_at` for app time; with DB time the row's own `locked_at` is used.
 * A zombie's unlock after a takeover matches 0 rows (unless hostnames collide).
 */
export function unlockLock(
  db: Database,
  config: ShedlockConfig,
  host: string,
  nowMs: number,
  createdAtMs: number,
  record: RecordSql,
): boolean {
  const row = db.lockRow;
  const lockedAtMs = config.time === 'db' ? row.lockedAtMs : createdAtMs;
  const atLeastUntilMs = lockedAtMs + config.lockAtLeastForMs;
  const released = row.lockedBy === host;
  if (released) row.lockUntilMs = Math.max(nowMs, atLeastUntilMs);
  record(
    {
      kind: 'unlock',
      nowMs,
      atLeastUntilMs,
      atLeastForMs: config.lockAtLeastForMs,
      host,
      dbTime: config.time === 'db',
    },
    released ? 1 : 0,
    released ? 'released' : 'noop',
  );
  return released;
}

/** The client-side holder check of S08: read the row, compare holder and expiry. */
export function readIsHolder(db: Database, host: string, nowMs: number, record: RecordSql): boolean {
  const row = db.lockRow;
  const holder = row.lockedBy === host && row.lockUntilMs > nowMs;
  record({ kind: 'readLock', host }, 1, holder ? 'holder' : 'notHolder');
  return holder;
}

/** An operator forces the lock free: `lock_until = now` on the database clock. */
export function forceExpireLock(db: Database, nowMs: number, record: RecordSql): boolean {
  const row = db.lockRow;
  const wasHeld = row.lockUntilMs > nowMs;
  if (wasHeld) row.lockUntilMs = nowMs;
  record({ kind: 'forceExpire', nowMs }, wasHeld ? 1 : 0, wasHeld ? 'expired' : 'noop');
  return wasHeld;
}
