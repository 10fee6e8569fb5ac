/**
 * The lab's built-in worker: one replica of the nightly reconciliation (docs/lab.md, "What a worker must do"),
 * a separate Node process that talks to PostgreSQL through the `pg` driver, with ShedLock's
 * statements on database time and the fence of docs/model.md §6; with `--lock redis` the lock
 * is a Redis key instead (redisLock.ts), with `--lock etcd` an etcd Mutex (etcdLock.ts), the
 * rest the same. Every statement and Redis command is
 * logged as one JSON line on standard output (workerLog.ts) for the harness.
 *
 * Run by the harness with docs/lab.md's environment: `node dist-cli/builtinWorker.mjs` from the built
 * command (scripts/build-cli.mjs), `node --import tsx builtinWorker.ts` from source.
 */
import pg from 'pg';
import { intervalOfMs, JOB_ID, LOCK_NAME, WORKER_SQL } from '../labSql';
import type { StatementKind, StatementOutcome, WorkerLogLine } from '../workerLog';
import { openEtcdLock } from './etcdLock';
import { type LogCommand, openRedisLock, type WorkerLock } from './redisLock';
import { readWorkerEnv, type WorkerEnv } from './workerEnv';

type Value = string | number | null;

const env = readWorkerEnv(process.env);
const client = new pg.Client({ connectionString: env.databaseUrl });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function log(line: WorkerLogLine): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

interface Extra {
  readonly token?: number | null;
  readonly order?: number;
}

interface Answer {
  readonly rows: readonly Record<string, unknown>[];
  readonly rowCount: number;
}

/** Runs one statement and logs it with the outcome `judge` reads off the answer. */
async function run(
  kind: StatementKind,
  sql: string,
  values: readonly Value[],
  judge: (answer: Answer) => StatementOutcome,
  extra: Extra | ((answer: Answer) => Extra) = {},
): Promise<Answer> {
  const sentT = Date.now();
  const result = await client.query(sql, values as Value[]);
  const answer = { rows: result.rows as Record<string, unknown>[], rowCount: result.rowCount ?? 0 };
  log({
    type: 'statement',
    replica: env.replica,
    sentT,
    t: Date.now(),
    kind,
    sql,
    values: [...values],
    rows: answer.rowCount,
    outcome: judge(answer),
    ...(typeof extra === 'function' ? extra(answer) : extra),
  });
  return answer;
}

const ok = (): StatementOutcome => 'ok';
const oneRow = (yes: StatementOutcome, no: StatementOutcome) => (answer: Answer) => (answer.rowCount > 0 ? yes : no);

async function isDone(e: WorkerEnv): Promise<boolean> {
  const answer = await run('dueCheck', WORKER_SQL.dueCheck, [e.runDate], (a) =>
    a.rows[0]?.status === 'DONE' ? 'done' : 'notDone',
  );
  return answer.rows[0]?.status === 'DONE';
}

/** The Redis or etcd lock; null for ShedLock's row. */
let outsideLock: WorkerLock | null = null;

/** `--token db`: the next number of the database's sequence. */
async function mintToken(): Promise<number> {
  const answer = await run('mintToken', WORKER_SQL.mintToken, [], ok, (a) => ({ token: Number(a.rows[0]?.token) }));
  return Number(answer.rows[0]?.token);
}

/** The grant's token (null without the token column), or undefined when denied. */
async function acquire(e: WorkerEnv): Promise<number | null | undefined> {
  if (outsideLock !== null) return outsideLock.acquire(mintToken);
  const sql = e.token ? WORKER_SQL.acquireWithToken : WORKER_SQL.acquire;
  const tokenOf = (a: Answer): number | null => (e.token ? Number(a.rows[0]?.fencing_token) : null);
  const answer = await run(
    'acquire',
    sql,
    [LOCK_NAME, intervalOfMs(e.lockAtMostForMs), e.hostname],
    (a) => (a.rowCount > 0 ? 'granted' : 'denied'),
    (a) => (a.rowCount > 0 ? { token: tokenOf(a) } : {}),
  );
  return answer.rowCount === 0 ? undefined : tokenOf(answer);
}

async function unlock(e: WorkerEnv): Promise<void> {
  if (outsideLock !== null) return outsideLock.release();
  await run('unlock', WORKER_SQL.unlock, [LOCK_NAME, intervalOfMs(e.lockAtLeastForMs), e.hostname], ok);
}

/** One item's transaction; false when the fence said 0 rows (stale: the run must stop). */
async function write(e: WorkerEnv, token: number | null, order: number, amount: string): Promise<boolean> {
  await run('begin', 'BEGIN', [], ok, { order });
  if (e.fencing !== 'off') {
    const [sql, values] =
      e.fencing === 'job' ? [WORKER_SQL.fenceJob, [token, JOB_ID]] : [WORKER_SQL.fenceRow, [token, order]];
    const fenced = await run('writeFence', sql, values, oneRow('ok', 'stale'), { token, order });
    if (fenced.rowCount === 0) {
      await run('rollback', 'ROLLBACK', [], ok, { token, order });
      return false;
    }
  }
  await run('insertLedger', WORKER_SQL.insertLedger, [order, e.runDate, amount, token, e.replica], ok, {
    token,
    order,
  });
  await run('addToBalance', WORKER_SQL.addToBalance, [amount, order], ok, { token, order });
  await run('commit', 'COMMIT', [], () => 'accepted', { token, order });
  return true;
}

/** A granted run: fence on acquire, load, each item, mark done, unlock. */
async function runJob(e: WorkerEnv, token: number | null): Promise<void> {
  let outcome: 'done' | 'aborted' = 'done';
  if (e.fencing === 'job') {
    const fenced = await run('fence', WORKER_SQL.fenceJob, [token, JOB_ID], oneRow('ok', 'stale'), { token });
    if (fenced.rowCount === 0) outcome = 'aborted';
  }
  if (outcome === 'done') {
    const pending = await run('load', WORKER_SQL.load, [e.runDate], ok);
    await sleep(e.loadMs);
    for (const row of pending.rows) {
      await sleep(e.itemMs);
      if (!(await write(e, token, Number(row.order_id), String(row.amount)))) {
        outcome = 'aborted';
        break;
      }
    }
  }
  if (outcome === 'done') {
    await sleep(e.markDoneMs);
    await run('markDone', WORKER_SQL.markDone, [e.runDate], ok);
  }
  await unlock(e);
  log({ type: 'run', replica: e.replica, t: Date.now(), outcome, token });
}

/** A Redis or etcd request as one statement line of the log. */
const logCommand: LogCommand = (entry) =>
  log({
    type: 'statement',
    replica: env.replica,
    sentT: entry.sentT,
    t: Date.now(),
    kind: entry.kind,
    sql: entry.command,
    values: [...entry.values],
    rows: entry.rows,
    outcome: entry.outcome,
    ...(entry.token === undefined ? {} : { token: entry.token }),
  });

async function main(): Promise<void> {
  await client.connect();
  const deadline = Date.now() + env.deadlineMs;
  if (env.lock === 'redis') outsideLock = await openRedisLock(env, logCommand);
  if (env.lock === 'etcd') outsideLock = openEtcdLock(env, logCommand, deadline);
  // The harness closing our stdin means it is gone: leave rather than run on alone.
  process.stdin.on('end', () => process.exit(3));
  process.stdin.resume();
  while (Date.now() < deadline) {
    if (await isDone(env)) break;
    const token = await acquire(env);
    // etcd's Mutex waits for the lock rather than failing fast: the run may be done by the grant.
    if (token !== undefined && env.lock === 'etcd' && (await isDone(env))) {
      await unlock(env);
      log({ type: 'run', replica: env.replica, t: Date.now(), outcome: 'done', token });
      break;
    }
    if (token !== undefined) await runJob(env, token);
    else await sleep(env.pollMs);
  }
  await outsideLock?.close();
  await client.end();
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`worker ${env.replica}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
