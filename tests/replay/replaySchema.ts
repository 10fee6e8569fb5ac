/**
 * The tables every statement the trace shows runs against (docs/model.md §3.4, §5.2, §6; the
 * lab's schema of docs/lab.md plus the outbox, digest and cleanup tables and the token sequence),
 * filled as the simulator starts a night: the lock row from six earlier nights, the fence and
 * the orders at `lastToken`, tonight's adjustments pending.
 *
 * `now()`: the statements on database time read `now()`, as ShedLock's `usingDbTime()` does.
 * The replay shadows it with `leaseline_clock.now()`, which reads the setting
 * `leaseline.now` (the simulated database clock at each statement), by putting that schema
 * before `pg_catalog` in `search_path`. The statement text stays exactly what the app shows.
 */
import type { ResolvedScenario } from '../../src/model/resolvedScenario';
import { RUN_DATE } from '../../src/sim/runDate';
import { timestampText } from '../../src/sim/sqlLiterals';
import { LOCK_NAME } from '../../src/sim/sqlStatement';

export const CLOCK_SETUP = `
CREATE SCHEMA IF NOT EXISTS leaseline_clock;
CREATE OR REPLACE FUNCTION leaseline_clock.now() RETURNS timestamptz LANGUAGE sql STABLE
  AS $$ SELECT current_setting('leaseline.now')::timestamptz $$;
`;

/** The search path of a replayed session: the clock's `now()` before the built-in one. */
export const REPLAY_SEARCH_PATH = 'leaseline_clock, public, pg_catalog';

const TABLES = [
  'shedlock',
  'recon_fence',
  'orders',
  'pending_adjustment',
  'order_adjustment',
  'recon_run',
  'outbox',
  'digest_sent',
  'session',
];

const amount = (cents: number): string => (cents / 100).toFixed(2);

/** One script (simple query protocol) that drops and recreates the night's tables and data. */
export function nightSetupSql(scenario: ResolvedScenario): string {
  const last = scenario.storage.lastToken;
  const items = scenario.job.items;
  const values = (rows: string[]): string => (rows.length === 0 ? '' : rows.join(', '));
  const statements = [
    `DROP TABLE IF EXISTS ${TABLES.join(', ')}`,
    'DROP SEQUENCE IF EXISTS recon_token_seq',
    `CREATE TABLE shedlock (name varchar(64) PRIMARY KEY, lock_until timestamptz NOT NULL,
      locked_at timestamptz NOT NULL, locked_by varchar(255) NOT NULL, fencing_token bigint NOT NULL DEFAULT 0)`,
    'CREATE TABLE recon_fence (job_id text PRIMARY KEY, last_token bigint NOT NULL)',
    `CREATE TABLE orders (id int PRIMARY KEY, balance numeric(12,2) NOT NULL DEFAULT 0,
      last_token bigint NOT NULL DEFAULT 0)`,
    `CREATE TABLE pending_adjustment (order_id int NOT NULL, run_date date NOT NULL,
      amount numeric(12,2) NOT NULL, PRIMARY KEY (order_id, run_date))`,
    `CREATE TABLE order_adjustment (id bigserial PRIMARY KEY, order_id int NOT NULL, run_date date NOT NULL,
      amount numeric(12,2) NOT NULL, token bigint${scenario.storage.uniqueKey ? ', UNIQUE (order_id, run_date)' : ''})`,
    'CREATE TABLE recon_run (run_date date PRIMARY KEY, status text NOT NULL)',
    'CREATE TABLE outbox (id int PRIMARY KEY, payload text NOT NULL, sent_at timestamptz)',
    'CREATE TABLE digest_sent (run_date date PRIMARY KEY)',
    'CREATE TABLE session (id int PRIMARY KEY, expires_at timestamptz NOT NULL)',
    `CREATE SEQUENCE recon_token_seq START ${last + 1} MINVALUE 0`,
    // The simulator's lock row from earlier nights: lock_until long past, no holder.
    `INSERT INTO shedlock VALUES ('${LOCK_NAME}', '${timestampText(0)}', '${timestampText(0)}', '', ${last})`,
    `INSERT INTO recon_fence VALUES ('nightly-reconciliation', ${last})`,
  ];
  if (items.length > 0) {
    statements.push(
      `INSERT INTO orders (id, balance, last_token) VALUES ${values(items.map((item) => `(${item.order}, 0, ${last})`))}`,
      `INSERT INTO pending_adjustment VALUES ${values(items.map((item) => `(${item.order}, '${RUN_DATE}', ${amount(item.amountCents)})`))}`,
      `INSERT INTO outbox VALUES ${values(items.map((_, row) => `(${row + 1}, 'event ${row + 1}', NULL)`))}`,
      `INSERT INTO session VALUES ${values(items.map((_, row) => `(${row + 1}, '${timestampText(0)}')`))}`,
    );
  }
  return `${statements.join(';\n')};`;
}
