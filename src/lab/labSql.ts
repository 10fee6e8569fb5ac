/**
 * The lab's SQL: the schema and tonight's data of docs/lab.md, the harness's own observation
 * (a history of the `shedlock` row and a notification at each commit), and the statements of
 * the built-in worker (ShedLock's PostgreSQL statements of docs/model.md §5.2 on database time,
 * the fence of §6). Every time a statement compares or stores is the database's `now()`.
 */

export const LOCK_NAME = 'nightly-reconciliation';
export const JOB_ID = 'nightly-reconciliation';
export const LAST_TOKEN = 6;
/** The channel the harness LISTENs on; the payload is one JSON object. */
export const EVENTS_CHANNEL = 'leaseline_lab';

/** docs/model.md §3.3: tonight's five adjustments (order, amount). */
export const ADJUSTMENTS: readonly (readonly [number, string])[] = [
  [1001, '5.00'],
  [1002, '-2.50'],
  [1003, '5.00'],
  [1004, '12.00'],
  [1005, '-1.00'],
];

export const SCHEMA_SQL = `
CREATE TABLE shedlock (name varchar(64) PRIMARY KEY, lock_until timestamptz NOT NULL,
  locked_at timestamptz NOT NULL, locked_by varchar(255) NOT NULL, fencing_token bigint NOT NULL DEFAULT 0);
CREATE TABLE recon_fence (job_id text PRIMARY KEY, last_token bigint NOT NULL);
CREATE TABLE orders (id int PRIMARY KEY, balance numeric(12,2) NOT NULL DEFAULT 0,
  last_token bigint NOT NULL DEFAULT 0);
CREATE TABLE pending_adjustment (order_id int NOT NULL, run_date date NOT NULL,
  amount numeric(12,2) NOT NULL, PRIMARY KEY (order_id, run_date));
CREATE TABLE order_adjustment (id bigserial PRIMARY KEY, order_id int NOT NULL, run_date date NOT NULL,
  amount numeric(12,2) NOT NULL, token bigint, replica text NOT NULL,
  committed_at timestamptz NOT NULL DEFAULT clock_timestamp());
CREATE TABLE recon_run (run_date date PRIMARY KEY, status text NOT NULL);
`;

/** `--lock redis --token db`: the database mints the token (the S10 fix), the first tonight above last night's. */
export const TOKEN_SEQUENCE_SQL = `CREATE SEQUENCE recon_token_seq START ${LAST_TOKEN + 1};`;

/**
 * The harness's observation, which no worker needs to know about: every change of the lock
 * row goes to \`leaseline_lock_history\`, and every lock change and ledger insert is announced
 * on ${EVENTS_CHANNEL} (PostgreSQL delivers a NOTIFY when its transaction commits, so the
 * harness hears of a write exactly when it became real).
 */
export const OBSERVATION_SQL = `
CREATE TABLE leaseline_lock_history (seq bigserial PRIMARY KEY, changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  lock_until timestamptz NOT NULL, locked_at timestamptz NOT NULL, locked_by varchar(255) NOT NULL, fencing_token bigint NOT NULL);
CREATE FUNCTION leaseline_lock_observed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaseline_lock_history (lock_until, locked_at, locked_by, fencing_token)
    VALUES (NEW.lock_until, NEW.locked_at, NEW.locked_by, NEW.fencing_token);
  PERFORM pg_notify('${EVENTS_CHANNEL}', json_build_object('kind', 'lock', 'lockedBy', NEW.locked_by,
    'token', NEW.fencing_token, 'lockedAt', NEW.locked_at, 'lockUntil', NEW.lock_until)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER leaseline_lock_observed AFTER INSERT OR UPDATE ON shedlock
  FOR EACH ROW EXECUTE FUNCTION leaseline_lock_observed();
CREATE FUNCTION leaseline_write_observed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${EVENTS_CHANNEL}', json_build_object('kind', 'write', 'replica', NEW.replica,
    'order', NEW.order_id, 'token', NEW.token)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER leaseline_write_observed AFTER INSERT ON order_adjustment
  FOR EACH ROW EXECUTE FUNCTION leaseline_write_observed();
`;

/** Tonight's data (docs/lab.md) for `runDate`, and last night's lock row. */
export function seedStatements(
  runDate: string,
): readonly { readonly text: string; readonly values: readonly unknown[] }[] {
  return [
    ...ADJUSTMENTS.map(([order, amount]) => ({
      text: 'INSERT INTO pending_adjustment (order_id, run_date, amount) VALUES ($1, $2, $3)',
      values: [order, runDate, amount],
    })),
    ...ADJUSTMENTS.map(([order]) => ({
      text: 'INSERT INTO orders (id, balance, last_token) VALUES ($1, 0, $2)',
      values: [order, LAST_TOKEN],
    })),
    { text: 'INSERT INTO recon_fence (job_id, last_token) VALUES ($1, $2)', values: [JOB_ID, LAST_TOKEN] },
    {
      text: `INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token)
        VALUES ($1, ($2::date - interval '1 day') + time '02:10', ($2::date - interval '1 day') + time '02:10', 'orders-0', $3)`,
      values: [LOCK_NAME, runDate, LAST_TOKEN],
    },
  ];
}

/** The built-in worker's statements. `$n` are bound values; intervals are real milliseconds. */
export const WORKER_SQL = {
  dueCheck: 'SELECT status FROM recon_run WHERE run_date = $1',
  /** ShedLock's PostgreSQL upsert (usingDbTime), with the lab's token in the same statement. */
  acquireWithToken: `INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token)
VALUES ($1, now() + $2::interval, now(), $3, 1)
ON CONFLICT (name) DO UPDATE SET lock_until = EXCLUDED.lock_until, locked_at = EXCLUDED.locked_at,
  locked_by = EXCLUDED.locked_by, fencing_token = shedlock.fencing_token + 1
WHERE shedlock.lock_until <= now()
RETURNING fencing_token`,
  acquire: `INSERT INTO shedlock (name, lock_until, locked_at, locked_by)
VALUES ($1, now() + $2::interval, now(), $3)
ON CONFLICT (name) DO UPDATE SET lock_until = EXCLUDED.lock_until, locked_at = EXCLUDED.locked_at,
  locked_by = EXCLUDED.locked_by
WHERE shedlock.lock_until <= now()`,
  /** `--lock redis --token db`: the token from the database's sequence, before the SET that carries it. */
  mintToken: "SELECT nextval('recon_token_seq') AS token",
  fenceJob: 'UPDATE recon_fence SET last_token = $1 WHERE job_id = $2 AND last_token <= $1',
  fenceRow: 'UPDATE orders SET last_token = $1 WHERE id = $2 AND last_token <= $1',
  load: `SELECT p.order_id, p.amount::text AS amount FROM pending_adjustment p
WHERE p.run_date = $1 AND NOT EXISTS (SELECT 1 FROM order_adjustment a WHERE a.order_id = p.order_id AND a.run_date = p.run_date)
ORDER BY p.order_id`,
  insertLedger: 'INSERT INTO order_adjustment (order_id, run_date, amount, token, replica) VALUES ($1, $2, $3, $4, $5)',
  addToBalance: 'UPDATE orders SET balance = balance + $1 WHERE id = $2',
  markDone:
    "INSERT INTO recon_run (run_date, status) VALUES ($1, 'DONE') ON CONFLICT (run_date) DO UPDATE SET status = 'DONE'",
  unlock: `UPDATE shedlock SET lock_until = CASE WHEN locked_at + $2::interval > now() THEN locked_at + $2::interval ELSE now() END
WHERE name = $1 AND locked_by = $3`,
} as const;

/** A duration for `$n::interval`. */
export function intervalOfMs(ms: number): string {
  return `${Math.round(ms)} milliseconds`;
}
