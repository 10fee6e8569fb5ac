// A lab worker that gets the lock right and stops there: it takes ShedLock's lock (with a
// token) and exits 0 without writing anything. The lab must not call that Safe: no holder
// committed a write. Used by lab.spawn.test.ts.
import pg from 'pg';

const env = process.env;
const db = new pg.Client({ connectionString: env.DATABASE_URL });
await db.connect();
await db.query(
  `INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token)
   VALUES ('nightly-reconciliation', now() + $1::interval, now(), $2, 1)
   ON CONFLICT (name) DO UPDATE SET lock_until = EXCLUDED.lock_until, locked_at = EXCLUDED.locked_at,
     locked_by = EXCLUDED.locked_by, fencing_token = shedlock.fencing_token + 1
   WHERE shedlock.lock_until <= now()`,
  [`${env.LEASELINE_LOCK_AT_MOST_FOR_MS} milliseconds`, env.LEASELINE_HOSTNAME],
);
await db.end();
