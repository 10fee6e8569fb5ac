/**
 * The SQL each storage decision stands for (DOMAIN.md §5.2, §6), kept as data with its bound
 * values and rendered to text only when someone looks (the trace of a large night holds tens of
 * thousands of statements; formatting them all would dominate `simulate()`).
 */
import { formatAmountCents } from '../model/amount';
import { formatTimeOfNightMs } from '../model/timeOfNight';
import { LOCK_KEY } from './redisStore';

export const LOCK_NAME = 'nightly-reconciliation';
export const JOB_ID = 'nightly-reconciliation';
const LEASE_PATH = '/apis/coordination.k8s.io/v1/namespaces/default/leases/nightly-reconciliation';

export type SqlStatement =
  | { readonly kind: 'dueCheck'; readonly runDate: string }
  | {
      readonly kind: 'acquire';
      /** ShedLock's first attempt in a process is the insert-or-update; later ones the update. */
      readonly upsert: boolean;
      readonly nowMs: number;
      readonly untilMs: number;
      readonly host: string;
      readonly withToken: boolean;
      readonly dbTime: boolean;
    }
  | {
      readonly kind: 'extend';
      readonly nowMs: number;
      readonly untilMs: number;
      readonly host: string;
      readonly dbTime: boolean;
    }
  | {
      readonly kind: 'unlock';
      readonly nowMs: number;
      readonly atLeastUntilMs: number;
      readonly host: string;
      readonly dbTime: boolean;
    }
  | { readonly kind: 'readLock'; readonly host: string }
  | { readonly kind: 'forceExpire'; readonly nowMs: number }
  | { readonly kind: 'mintToken' }
  | { readonly kind: 'fenceJob'; readonly token: number | null }
  | { readonly kind: 'fenceRow'; readonly order: number; readonly token: number | null }
  | { readonly kind: 'load'; readonly runDate: string }
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
  | {
      readonly kind: 'consensusCreate';
      readonly flavor: 'etcd' | 'zookeeper';
      readonly session: string;
      readonly number: number;
    }
  | { readonly kind: 'consensusDelete'; readonly session: string }
  | { readonly kind: 'consensusSessionExpired'; readonly session: string }
  | { readonly kind: 'consensusKeepAlive'; readonly session: string }
  | {
      readonly kind: 'outboxClaim';
      readonly mode: 'skipLocked' | 'forUpdate' | 'none';
      readonly batch: number;
      readonly rows: readonly number[];
    }
  | { readonly kind: 'outboxPublish'; readonly row: number }
  | { readonly kind: 'outboxCommit'; readonly rows: readonly number[] }
  | { readonly kind: 'outboxRollback'; readonly transaction: string; readonly rows: readonly number[] }
  | { readonly kind: 'digestRecord'; readonly runDate: string }
  | { readonly kind: 'digestCheck'; readonly runDate: string }
  | { readonly kind: 'digestSend'; readonly runDate: string }
  | { readonly kind: 'cleanupSelect'; readonly rows: readonly number[] }
  | { readonly kind: 'cleanupDelete'; readonly row: number }
  | { readonly kind: 'rollback' }
  | { readonly kind: 'commit' };

const ts = (ms: number): string => `'${formatTimeOfNightMs(ms)}'`;
const tokenSql = (token: number | null): string => (token === null ? 'NULL' : String(token));

/** Pure: the statement as PostgreSQL text with its values bound. */
export function renderSql(statement: SqlStatement): string {
  switch (statement.kind) {
    case 'dueCheck':
      return `SELECT status FROM recon_run WHERE run_date = '${statement.runDate}'`;
    case 'acquire':
      return renderAcquire(statement);
    case 'extend':
      return `UPDATE shedlock SET lock_until = ${statement.dbTime ? `now() + lockAtMostFor /* ${ts(statement.untilMs)} */` : ts(statement.untilMs)} WHERE name = '${LOCK_NAME}' AND locked_by = '${statement.host}' AND lock_until > ${ts(statement.nowMs)}`;
    case 'unlock':
      return statement.dbTime
        ? `UPDATE shedlock SET lock_until = CASE WHEN locked_at + lockAtLeastFor > now() THEN locked_at + lockAtLeastFor ELSE now() END /* now() = ${ts(statement.nowMs)} */ WHERE name = '${LOCK_NAME}' AND locked_by = '${statement.host}'`
        : `UPDATE shedlock SET lock_until = ${ts(Math.max(statement.nowMs, statement.atLeastUntilMs))} WHERE name = '${LOCK_NAME}' AND locked_by = '${statement.host}'`;
    case 'readLock':
      return `SELECT locked_by, lock_until FROM shedlock WHERE name = '${LOCK_NAME}'`;
    case 'forceExpire':
      return `UPDATE shedlock SET lock_until = ${ts(statement.nowMs)} WHERE name = '${LOCK_NAME}'`;
    case 'mintToken':
      return `SELECT nextval('recon_token_seq')`;
    case 'fenceJob':
      return `UPDATE recon_fence SET last_token = ${tokenSql(statement.token)} WHERE job_id = '${JOB_ID}' AND last_token <= ${tokenSql(statement.token)}`;
    case 'fenceRow':
      return `UPDATE orders SET last_token = ${tokenSql(statement.token)} WHERE id = ${statement.order} AND last_token <= ${tokenSql(statement.token)}`;
    case 'load':
      return `SELECT a.order_id, a.amount FROM pending_adjustment a WHERE a.run_date = '${statement.runDate}' AND NOT EXISTS (SELECT 1 FROM order_adjustment l WHERE l.order_id = a.order_id AND l.run_date = a.run_date)`;
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
      return `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = hashtext('${LOCK_NAME}') /* am I, session ${statement.session}, the holder? */`;
    case 'terminateSession':
      return `SELECT pg_terminate_backend(pid) /* session ${statement.session} */`;
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
    case 'consensusCreate':
      return statement.flavor === 'etcd'
        ? `PUT /locks/${LOCK_NAME}/${statement.session} (lease of session ${statement.session}) -- create revision ${statement.number}`
        : `create -e -s /locks/${LOCK_NAME}/guid-lock- (session ${statement.session}) -- sequence ${String(statement.number).padStart(10, '0')}`;
    case 'consensusDelete':
      return `DELETE /locks/${LOCK_NAME}/${statement.session}`;
    case 'consensusSessionExpired':
      return `session ${statement.session} expired at the server: its keys are deleted`;
    case 'consensusKeepAlive':
      return `LeaseKeepAlive (session ${statement.session})`;
    case 'outboxClaim': {
      const lock =
        statement.mode === 'skipLocked'
          ? ' FOR UPDATE SKIP LOCKED'
          : statement.mode === 'forUpdate'
            ? ' FOR UPDATE'
            : '';
      return `SELECT id, payload FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ${statement.batch}${lock} -- rows ${statement.rows.join(', ') || 'none'}`;
    }
    case 'outboxPublish':
      return `-- publish outbox row ${statement.row} to the broker`;
    case 'outboxCommit':
      return `UPDATE outbox SET sent_at = now() WHERE id IN (${statement.rows.join(', ')}); COMMIT`;
    case 'outboxRollback':
      return `ROLLBACK /* connection of ${statement.transaction} dropped: rows ${statement.rows.join(', ')} unlocked, still unsent */`;
    case 'digestRecord':
      return `INSERT INTO digest_sent (run_date) VALUES ('${statement.runDate}') ON CONFLICT (run_date) DO NOTHING`;
    case 'digestCheck':
      return `SELECT 1 FROM digest_sent WHERE run_date = '${statement.runDate}'`;
    case 'digestSend':
      return `-- send the digest email for ${statement.runDate}`;
    case 'cleanupSelect':
      return `SELECT id FROM session WHERE expires_at < now() -- rows ${statement.rows.join(', ') || 'none'}`;
    case 'cleanupDelete':
      return `DELETE FROM session WHERE id = ${statement.row}`;
    case 'rollback':
      return 'ROLLBACK';
    case 'commit':
      return 'COMMIT';
  }
}

function renderAcquire(statement: Extract<SqlStatement, { kind: 'acquire' }>): string {
  const now = statement.dbTime ? `now() /* ${ts(statement.nowMs)} */` : ts(statement.nowMs);
  const until = statement.dbTime ? `now() + lockAtMostFor /* ${ts(statement.untilMs)} */` : ts(statement.untilMs);
  const token = statement.withToken ? ', fencing_token = fencing_token + 1' : '';
  const returning = statement.withToken ? ' RETURNING fencing_token' : '';
  if (statement.upsert) {
    return `INSERT INTO shedlock (name, lock_until, locked_at, locked_by) VALUES ('${LOCK_NAME}', ${until}, ${now}, '${statement.host}') ON CONFLICT (name) DO UPDATE SET lock_until = ${until}, locked_at = ${now}, locked_by = '${statement.host}'${token} WHERE shedlock.lock_until <= ${now}${returning}`;
  }
  return `UPDATE shedlock SET lock_until = ${until}, locked_at = ${now}, locked_by = '${statement.host}'${token} WHERE name = '${LOCK_NAME}' AND lock_until <= ${now}${returning}`;
}
