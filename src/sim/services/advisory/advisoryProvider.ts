/**
 * A PostgreSQL session advisory lock (docs/model.md §5.6, F20): `pg_try_advisory_lock(key)` at
 * session level. No expiry and no token: the lock is held until the session unlocks it or
 * the session ends: a killed session (`pg_terminate_backend`), or a crashed process once the
 * server notices (`SESSION_DETECT_MS`). A paused process keeps its connection, so it keeps
 * the lock. Sessions are named `<replica>#<n>`; a client whose session was killed reconnects
 * with the next n on its next statement, without ever learning that it lost the lock.
 */
import type { Database, RecordSql } from '../../database';

/** How long the server takes to drop the session of a process that died (TCP keepalive). */
export const SESSION_DETECT_MS = 120_000;

/** `lock_until` of a lock that never expires, far past any night (ms of the night). */
export const NO_EXPIRY_MS = 10_000_000_000_000;

export function tryAdvisoryLock(db: Database, session: string, record: RecordSql): boolean {
  // Session-level advisory locks are re-entrant: the holding session gets true again.
  const granted = db.advisoryHolder === null || db.advisoryHolder === session;
  if (granted) db.advisoryHolder = session;
  record({ kind: 'advisoryLock', session }, 1, granted ? 'granted' : 'denied');
  return granted;
}

export function advisoryUnlock(db: Database, session: string, record: RecordSql): boolean {
  const released = db.advisoryHolder === session;
  if (released) db.advisoryHolder = null;
  record({ kind: 'advisoryUnlock', session }, 1, released ? 'released' : 'noop');
  return released;
}

export function isAdvisoryHolder(db: Database, session: string, record: RecordSql): boolean {
  const holder = db.advisoryHolder === session;
  record({ kind: 'advisoryHolder', session }, db.advisoryHolder === null ? 0 : 1, holder ? 'holder' : 'notHolder');
  return holder;
}

/** The server ends a session (killed, or its process found dead): its advisory lock goes. */
export function endSession(db: Database, session: string, record: RecordSql): boolean {
  const held = db.advisoryHolder === session;
  if (held) db.advisoryHolder = null;
  record({ kind: 'terminateSession', session }, 1, held ? 'expired' : 'noop');
  return held;
}
