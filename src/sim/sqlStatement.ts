/**
 * The SQL each storage decision stands for (docs/model.md §5.2, §6), kept as data with its bound
 * values and rendered to text only when someone looks (the trace of a large night holds tens of
 * thousands of statements; formatting them all would dominate `simulate()`).
 */
import { formatAmountCents } from '../model/amount';
import { type ConsensusStatement, renderConsensus } from './consensusCommand';
import { sqlInterval, sqlTimestamp, timestampText } from './sqlLiterals';

export const LOCK_NAME = 'nightly-reconciliation';
export const JOB_ID = 'nightly-reconciliation';
const LEASE_PATH = '/apis/coordination.k8s.io/v1/namespaces/default/leases/nightly-reconciliation';
/** The Redis key of the `redis` lock. */
const LOCK_KEY = 'lock:nightly-reconciliation';

export type SqlStatement =
  | { readonly kind: 'dueCheck'; readonly runDate: string }
  | {
      readonly kind: 'acquire';
      /** ShedLock's first attempt in a process is the insert-or-update; later ones the update. */
      readonly upsert: boolean;
      readonly nowMs: number;
      readonly untilMs: number;
      readonly atMostForMs: number;
      readonly host: string;
      readonly withToken: boolean;
      readonly dbTime: boolean;
    }
  | {
      readonly kind: 'extend';
      readonly nowMs: number;
      readonly untilMs: number;
      readonly atMostForMs: number;
      readonly host: string;
      readonly dbTime: boolean;
    }
  | {
      readonly kind: 'unlock';
      readonly nowMs: number;
      readonly atLeastUntilMs: number;
      readonly atLeastForMs: number;
      readonly host: string;
      readonly dbTime: boolean;
    }
  | { readonly kind: 'readLock'; readonly host: string }
  | { readonly kind: 'forceExpire'; readonly nowMs: number }
  | { readonly kind: 'mintToken' }
  | { readonly kind: 'fenceJob'; readonly token: number | null }
  | { readonly kind: 'fenceRow'; readonly order: number; readonly token: number | null }
  /** `orders`: the order ids the load returns (what PostgreSQL must answer too). */
  | { readonly kind: 'load'; readonly runDate: string; readonly orders: readonly number[] }
  | {
      readonly kind: 'insertLedger';
      readonly order: number;
      readonly amountCents: number;
      readonly token: number | null;
      readonly runDate: string;
    }
  | { readonly kind: 'applyBalance'; readonly order: number; readonly amountCents: number }
  | { readonly kind: 'markDone'; readonly runDate: string }
  | { readonly kind: 'advisoryLock'; readonly session: string }
  | { readonly kind: 'advisoryUnlock'; readonly session: string }
  | { readonly kind: 'advisoryHolder'; readonly session: string }
  | { readonly kind: 'terminateSession'; readonly session: string }
  | { readonly kind: 'redisSet'; readonly value: string; readonly ttlMs: number; readonly incr: boolean }
  | { readonly kind: 'redisGet' }
  | { readonly kind: 'redisDel'; readonly value: string | null }
  | { readonly kind: 'redisUnavailable'; readonly command: string }
  | { readonly kind: 'leaseGet'; readonly holder: string; readonly transitions: number }
  | { readonly kind: 'leaseAcquire'; readonly holder: string; readonly transitions: number }
  | { readonly kind: 'leaseRenew'; readonly holder: string; readonly transitions: number }
  | ConsensusStatement
  | {
      readonly kind: 'outboxClaim';
      readonly mode: 'skipLocked' | 'forUpdate' | 'none';
      readonly batch: number;
      /** The rows it returned; null while it waits for a row lock (not answered yet). */
      readonly rows: readonly number[] | null;
    }
  | { readonly kind: 'outboxPublish'; readonly row: number }
  | { readonly kind: 'outboxCommit'; readonly rows: readonly number[] }
  | { readonly kind: 'outboxRollback'; readonly transaction: string; readonly rows: readonly number[] }
  | { readonly kind: 'digestRecord'; readonly runDate: string }
  | { readonly kind: 'digestCheck'; readonly runDate: string }
  | { readonly kind: 'digestSend'; readonly runDate: string }
  | { readonly kind: 'cleanupSelect'; readonly rows: readonly number[] }
  | { readonly kind: 'cleanupDelete'; readonly row: number }
  | { readonly kind: 'begin' }
  | { readonly kind: 'rollback' }
  | { readonly kind: 'commit' };

/** Where a statement goes: PostgreSQL, or another service the night talks to. */
export type StatementTarget = 'postgresql' | 'redis' | 'kubernetes' | 'consensus' | 'broker' | 'mail';

const TARGETS: Partial<Record<SqlStatement['kind'], StatementTarget>> = {
  redisSet: 'redis',
  redisGet: 'redis',
  redisDel: 'redis',
  redisUnavailable: 'redis',
  leaseGet: 'kubernetes',
  leaseAcquire: 'kubernetes',
  leaseRenew: 'kubernetes',
  consensusLeaseGrant: 'consensus',
  consensusCreate: 'consensus',
  consensusRecheck: 'consensus',
  consensusDelete: 'consensus',
  consensusSessionExpired: 'consensus',
  consensusKeepAlive: 'consensus',
  outboxPublish: 'broker',
  digestSend: 'mail',
};

export function statementTarget(kind: SqlStatement['kind']): StatementTarget {
  return TARGETS[kind] ?? 'postgresql';
}

/** The transaction-control statements: real SQL, but not ones PREPARE accepts. */
export const TRANSACTION_CONTROL: ReadonlySet<SqlStatement['kind']> = new Set(['begin', 'commit', 'rollback']);

const ts = sqlTimestamp;
const tokenSql = (token: number | null): string => (token === null ? 'NULL' : String(token));
/** A statement on database time reads `now()`; the comment says what it read tonight. */
const nowComment = (nowMs: number): string => ` /* now() = ${timestampText(nowMs)} */`;
const lockRow = `name = '${LOCK_NAME}'`;

/**
 * Pure: the statement as text with its values bound. For PostgreSQL, a statement one may paste
 * into `psql` (the tests PREPARE every one of them); for the other services, their command.
 */
export function renderSql(statement: SqlStatement): string {
  switch (statement.kind) {
    case 'dueCheck':
      return `SELECT status FROM recon_run WHERE run_date = '${statement.runDate}'`;
    case 'acquire':
      return renderAcquire(statement);
    case 'extend':
      return statement.dbTime
        ? `UPDATE shedlock SET lock_until = now() + ${sqlInterval(statement.atMostForMs)} WHERE ${lockRow} AND locked_by = '${statement.host}' AND lock_until > now()${nowComment(statement.nowMs)}`
        : `UPDATE shedlock SET lock_until = ${ts(statement.untilMs)} WHERE ${lockRow} AND locked_by = '${statement.host}' AND lock_until > ${ts(statement.nowMs)}`;
    case 'unlock': {
      const atLeast = sqlInterval(statement.atLeastForMs);
      return statement.dbTime
        ? `UPDATE shedlock SET lock_until = CASE WHEN locked_at + ${atLeast} > now() THEN locked_at + ${atLeast} ELSE now() END WHERE ${lockRow} AND locked_by = '${statement.host}'${nowComment(statement.nowMs)}`
        : `UPDATE shedlock SET lock_until = ${ts(Math.max(statement.nowMs, statement.atLeastUntilMs))} WHERE ${lockRow} AND locked_by = '${statement.host}'`;
    }
    case 'readLock':
      return `SELECT locked_by, lock_until FROM shedlock WHERE ${lockRow}`;
    case 'forceExpire':
      // Only a lock still held moves: on a lock already free the operator's update matches 0 rows.
      return `UPDATE shedlock SET lock_until = now() WHERE ${lockRow} AND lock_until > now()${nowComment(statement.nowMs)}`;
    case 'mintToken':
      return `SELECT nextval('recon_token_seq')`;
    case 'fenceJob':
      return `UPDATE recon_fence SET last_token = ${tokenSql(statement.token)} WHERE job_id = '${JOB_ID}' AND last_token <= ${tokenSql(statement.token)}`;
    case 'fenceRow':
      return `UPDATE orders SET last_token = ${tokenSql(statement.token)} WHERE id = ${statement.order} AND last_token <= ${tokenSql(statement.token)}`;
    case 'load':
      return `SELECT a.order_id, a.amount FROM pending_adjustment a WHERE a.run_date = '${statement.runDate}' AND NOT EXISTS (SELECT 1 FROM order_adjustment l WHERE l.order_id = a.order_id AND l.run_date = a.run_date) ORDER BY a.order_id`;
    case 'insertLedger':
      return `INSERT INTO order_adjustment (order_id, run_date, amount, token) VALUES (${statement.order}, '${statement.runDate}', ${formatAmountCents(statement.amountCents)}, ${tokenSql(statement.token)})`;
    case 'applyBalance':
      return `UPDATE orders SET balance = balance + ${formatAmountCents(statement.amountCents)} WHERE id = ${statement.order}`;
    case 'markDone':
      return `INSERT INTO recon_run (run_date, status) VALUES ('${statement.runDate}', 'DONE') ON CONFLICT (run_date) DO UPDATE SET status = 'DONE'`;
    case 'advisoryLock':
      return `SELECT pg_try_advisory_lock(hashtext('${LOCK_NAME}')) /* session ${statement.session} */`;
    case 'advisoryUnlock':
      return `SELECT pg_advisory_unlock(hashtext('${LOCK_NAME}')) /* session ${statement.session} */`;
    case 'advisoryHolder':
      return `SELECT pid = pg_backend_pid() AS mine FROM pg_locks WHERE locktype = 'advisory' AND objid = hashtext('${LOCK_NAME}')::oid AND granted /* am I, session ${statement.session}, the holder? */`;
    case 'terminateSession':
      // With a timeout it returns once the session has ended (its locks gone), not just signalled.
      return `SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = '${statement.session}'`;
    case 'redisSet':
      return statement.incr
        ? `EVAL "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('INCR', KEYS[2]) end" 2 ${LOCK_KEY} lock:token ${statement.value} ${statement.ttlMs}`
        : `SET ${LOCK_KEY} ${statement.value} NX PX ${statement.ttlMs}`;
    case 'redisGet':
      return `GET ${LOCK_KEY}`;
    case 'redisDel':
      return statement.value === null
        ? `DEL ${LOCK_KEY}`
        : `EVAL "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end" 1 ${LOCK_KEY} ${statement.value}`;
    case 'redisUnavailable':
      return `${statement.command} ${LOCK_KEY} /* no Redis primary: connection refused */`;
    case 'leaseGet':
      return `GET ${LEASE_PATH} /* holderIdentity ${statement.holder}, leaseTransitions ${statement.transitions} */`;
    case 'leaseAcquire':
      return `PUT ${LEASE_PATH} /* holderIdentity ${statement.holder}, acquireTime = renewTime = now, leaseTransitions ${statement.transitions}, if resourceVersion unchanged */`;
    case 'leaseRenew':
      return `PUT ${LEASE_PATH} /* renewTime = now, holderIdentity ${statement.holder}, if resourceVersion unchanged */`;
    case 'consensusLeaseGrant':
    case 'consensusCreate':
    case 'consensusDelete':
    case 'consensusSessionExpired':
    case 'consensusKeepAlive':
    case 'consensusRecheck':
      return renderConsensus(statement);
    case 'outboxClaim': {
      const lock =
        statement.mode === 'skipLocked'
          ? ' FOR UPDATE SKIP LOCKED'
          : statement.mode === 'forUpdate'
            ? ' FOR UPDATE'
            : '';
      const rows = statement.rows === null ? '' : ` /* rows ${statement.rows.join(', ') || 'none'} */`;
      return `SELECT id, payload FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ${statement.batch}${lock}${rows}`;
    }
    case 'outboxPublish':
      return `-- publish outbox row ${statement.row} to the broker`;
    case 'outboxCommit':
      // An empty claim still ends its transaction; its update names no row.
      return statement.rows.length === 0
        ? 'UPDATE outbox SET sent_at = now() WHERE false /* no rows claimed */'
        : `UPDATE outbox SET sent_at = now() WHERE id IN (${statement.rows.join(', ')})`;
    case 'outboxRollback':
      return `ROLLBACK /* connection of ${statement.transaction} dropped: rows ${statement.rows.join(', ')} unlocked, still unsent */`;
    case 'digestRecord':
      return `INSERT INTO digest_sent (run_date) VALUES ('${statement.runDate}') ON CONFLICT (run_date) DO NOTHING`;
    case 'digestCheck':
      return `SELECT 1 FROM digest_sent WHERE run_date = '${statement.runDate}'`;
    case 'digestSend':
      return `-- send the digest email for ${statement.runDate}`;
    case 'cleanupSelect':
      return `SELECT id FROM session WHERE expires_at < now() ORDER BY id /* rows ${statement.rows.join(', ') || 'none'} */`;
    case 'cleanupDelete':
      return `DELETE FROM session WHERE id = ${statement.row}`;
    case 'begin':
      return 'BEGIN';
    case 'rollback':
      return 'ROLLBACK';
    case 'commit':
      return 'COMMIT';
  }
}

function renderAcquire(statement: Extract<SqlStatement, { kind: 'acquire' }>): string {
  const now = statement.dbTime ? 'now()' : ts(statement.nowMs);
  const until = statement.dbTime ? `now() + ${sqlInterval(statement.atMostForMs)}` : ts(statement.untilMs);
  // In the upsert's DO UPDATE a bare column could be the proposed row's (EXCLUDED) too.
  const token = statement.withToken ? `, fencing_token = ${statement.upsert ? 'shedlock.' : ''}fencing_token + 1` : '';
  const returning = statement.withToken ? ' RETURNING fencing_token' : '';
  const comment = statement.dbTime ? nowComment(statement.nowMs) : '';
  if (statement.upsert) {
    return `INSERT INTO shedlock (name, lock_until, locked_at, locked_by) VALUES ('${LOCK_NAME}', ${until}, ${now}, '${statement.host}') ON CONFLICT (name) DO UPDATE SET lock_until = ${until}, locked_at = ${now}, locked_by = '${statement.host}'${token} WHERE shedlock.lock_until <= ${now}${returning}${comment}`;
  }
  return `UPDATE shedlock SET lock_until = ${until}, locked_at = ${now}, locked_by = '${statement.host}'${token} WHERE ${lockRow} AND lock_until <= ${now}${returning}${comment}`;
}
