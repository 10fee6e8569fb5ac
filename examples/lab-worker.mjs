// A worked example of a lab worker (MID-032-LAB1): one replica of the nightly reconciliation,
// run once per replica by `leaseline lab --worker "node examples/lab-worker.mjs"`.
// Everything it needs comes from the environment docs/lab.md lists ("Writing a worker"); it talks to PostgreSQL with the
// `pg` driver only. Fenced by default (the safe recipe of docs/model.md §6.1); pass `--unfenced` to
// see the lab catch the double apply:
//
//   npx leaseline lab --worker "node examples/lab-worker.mjs"             # exit 0
//   npx leaseline lab --worker "node examples/lab-worker.mjs --unfenced"  # exit 1
//
// With `--lock redis` (LEASELINE_LOCK=redis) the lock is a Redis key at LEASELINE_REDIS_URL,
// taken with SET NX PX and released by compare-and-delete (docs/lab.md, "The Redis lock"):
//
//   npx leaseline lab --failover --token db --worker "node examples/lab-worker.mjs"  # exit 0
//
// With `--lock etcd` (LEASELINE_LOCK=etcd) the lock is etcd's Mutex at LEASELINE_ETCD_URL, spoken
// through etcd's JSON gateway with fetch (docs/lab.md, "The etcd lock"): a lease kept alive, our
// key under the prefix on it, held while it has the lowest create revision, which is the token:
//
//   npm run --silent leaseline -- lab --lock etcd --worker "node examples/lab-worker.mjs"  # exit 0
//
// Plain JavaScript on purpose: the contract is SQL, Redis commands and environment variables,
// nothing of Leaseline's, so the same steps work from Java (JDBC), Python or Go.
import pg from 'pg';
import { createClient } from 'redis';

const env = process.env;
const fenced = !process.argv.includes('--unfenced');
const replica = env.LEASELINE_REPLICA;
const hostname = env.LEASELINE_HOSTNAME;
const runDate = env.LEASELINE_RUN_DATE;
const ms = (name) => Number(env[name]);
const sleep = (delay) => new Promise((resolve) => setTimeout(resolve, delay));
const LOCK = 'nightly-reconciliation';

const db = new pg.Client({ connectionString: env.DATABASE_URL });
// Reconnects to the same address, which leads to the promoted replica after a failover; a
// command while it is down fails at once (a denied try) instead of waiting in a queue.
const redis =
  env.LEASELINE_LOCK === 'redis'
    ? createClient({ url: env.LEASELINE_REDIS_URL, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 } })
    : null;
redis?.on('error', () => {});
const KEY = 'lock:nightly-reconciliation';
let tries = 0;
let value = '';

// etcd: the gateway takes keys and values in base64 and 64-bit numbers as strings.
const b64 = (text) => Buffer.from(text).toString('base64');
const PREFIX = '/leaseline/lock/nightly-reconciliation/';
let etcdLease = null;
async function etcd(path, body) {
  const response = await fetch(`${env.LEASELINE_ETCD_URL}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`etcd ${path}: ${response.status}`);
  const parsed = JSON.parse((await response.text()).trim().split('\n')[0]);
  return parsed.result ?? parsed;
}

// Mutex, one try at a time: a session lease (whole seconds, kept alive every third of its TTL),
// our key put on it if we have none, and the lock ours when no key under the prefix was created
// before it. Our key stays queued between tries; a lease etcd expired (we were stopped) starts
// a new session.
async function acquireOnEtcd() {
  try {
    if (etcdLease === null || (await etcd('/v3/lease/keepalive', { ID: etcdLease.id })).TTL === undefined) {
      if (etcdLease !== null) clearInterval(etcdLease.timer);
      const ttl = Math.max(2, Math.ceil(ms('LEASELINE_LOCK_AT_MOST_FOR_MS') / 1000));
      const { ID: id } = await etcd('/v3/lease/grant', { ID: '0', TTL: String(ttl) });
      const timer = setInterval(() => etcd('/v3/lease/keepalive', { ID: id }).catch(() => {}), (ttl * 1000) / 3);
      etcdLease = { id, timer, key: `${PREFIX}${BigInt(id).toString(16)}` };
    }
    const key = b64(etcdLease.key);
    const answer = await etcd('/v3/kv/txn', {
      compare: [{ key, target: 'CREATE', result: 'EQUAL', create_revision: '0' }],
      success: [{ request_put: { key, value: b64(hostname), lease: etcdLease.id } }],
      failure: [{ request_range: { key } }],
    });
    const mine = answer.succeeded
      ? Number(answer.header.revision)
      : Number(answer.responses[0].response_range.kvs[0].create_revision);
    const before = await etcd('/v3/kv/range', {
      key: b64(PREFIX),
      range_end: b64(PREFIX.slice(0, -1) + String.fromCharCode(PREFIX.charCodeAt(PREFIX.length - 1) + 1)),
      // etcd applies max_create_revision to the keys it returns, not to count_only's count.
      max_create_revision: String(mine - 1),
      limit: '1',
    });
    return (before.kvs ?? []).length === 0 ? mine : null;
  } catch {
    return null; // etcd did not answer, or our lease is gone: try again later.
  }
}

async function tonightIsDone() {
  const { rows } = await db.query('SELECT status FROM recon_run WHERE run_date = $1', [runDate]);
  return rows[0]?.status === 'DONE';
}

// ShedLock's PostgreSQL statement on database time, with the lab's token minted in the same
// statement as the grant (never a separate sequence read afterwards). Returns the token, or
// null when someone else holds the lock.
async function acquire() {
  if (redis !== null) return acquireOnRedis();
  if (env.LEASELINE_LOCK === 'etcd') return acquireOnEtcd();
  const { rows } = await db.query(
    `INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token)
     VALUES ($1, now() + $2::interval, now(), $3, 1)
     ON CONFLICT (name) DO UPDATE SET lock_until = EXCLUDED.lock_until, locked_at = EXCLUDED.locked_at,
       locked_by = EXCLUDED.locked_by, fencing_token = shedlock.fencing_token + 1
     WHERE shedlock.lock_until <= now()
     RETURNING fencing_token`,
    [LOCK, `${ms('LEASELINE_LOCK_AT_MOST_FOR_MS')} milliseconds`, hostname],
  );
  return rows.length === 0 ? null : Number(rows[0].fencing_token);
}

// The Redis lock: the value starts with our hostname (that is how the lab knows who holds it).
// The token comes from INCR in the same script as the SET (--token incr, lost with the key in a
// failover), or from the database's sequence before it (--token db, which no failover loses).
async function acquireOnRedis() {
  const ttl = String(ms('LEASELINE_LOCK_AT_MOST_FOR_MS'));
  try {
    if (env.LEASELINE_TOKEN === 'db') {
      const { rows } = await db.query("SELECT nextval('recon_token_seq') AS token");
      const token = Number(rows[0].token);
      value = `${hostname}:${token}`;
      return (await redis.set(KEY, value, { NX: true, PX: Number(ttl) })) === 'OK' ? token : null;
    }
    value = `${hostname}:${tries++}`;
    const token = await redis.eval(
      "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('INCR', KEYS[2]) end",
      { keys: [KEY, 'lock:token'], arguments: [value, ttl] },
    );
    return token === null ? null : Number(token);
  } catch {
    return null; // Redis down (its primary died): try again later, at the same address.
  }
}

async function unlock() {
  if (redis !== null) {
    const script = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end";
    await redis.eval(script, { keys: [KEY], arguments: [value] }).catch(() => null);
    return;
  }
  if (etcdLease !== null) {
    await etcd('/v3/kv/deleterange', { key: b64(etcdLease.key) }).catch(() => null);
    return;
  }
  await db.query(
    `UPDATE shedlock SET lock_until = CASE WHEN locked_at + $2::interval > now() THEN locked_at + $2::interval ELSE now() END
     WHERE name = $1 AND locked_by = $3`,
    [LOCK, `${ms('LEASELINE_LOCK_AT_LEAST_FOR_MS')} milliseconds`, hostname],
  );
}

// The fence: storage accepts the token only if no newer one has written (0 rows = stale).
async function fence(token) {
  const { rowCount } = await db.query(
    "UPDATE recon_fence SET last_token = $1 WHERE job_id = 'nightly-reconciliation' AND last_token <= $1",
    [token],
  );
  return rowCount === 1;
}

// One item in one transaction: the fence check inside it, so a paused holder that wakes up
// after a newer token wrote is turned away by the database itself.
async function apply(token, order, amount) {
  await db.query('BEGIN');
  if (fenced && !(await fence(token))) {
    await db.query('ROLLBACK');
    return false;
  }
  await db.query(
    'INSERT INTO order_adjustment (order_id, run_date, amount, token, replica) VALUES ($1, $2, $3, $4, $5)',
    [order, runDate, amount, token, replica],
  );
  await db.query('UPDATE orders SET balance = balance + $1 WHERE id = $2', [amount, order]);
  await db.query('COMMIT');
  return true;
}

async function runTonight(token) {
  // Fence on acquire: from now on a zombie holding an older token cannot write.
  let stale = fenced && !(await fence(token));
  if (!stale) {
    const { rows } = await db.query(
      `SELECT p.order_id, p.amount::text AS amount FROM pending_adjustment p
       WHERE p.run_date = $1 AND NOT EXISTS
         (SELECT 1 FROM order_adjustment a WHERE a.order_id = p.order_id AND a.run_date = p.run_date)
       ORDER BY p.order_id`,
      [runDate],
    );
    await sleep(ms('LEASELINE_LOAD_MS'));
    for (const row of rows) {
      await sleep(ms('LEASELINE_ITEM_MS'));
      if (!(await apply(token, row.order_id, row.amount))) {
        stale = true;
        console.error(`${replica}: fenced out with token ${token}; stopping this run`);
        break;
      }
    }
  }
  if (!stale) {
    await sleep(ms('LEASELINE_MARK_DONE_MS'));
    await db.query(
      "INSERT INTO recon_run (run_date, status) VALUES ($1, 'DONE') ON CONFLICT (run_date) DO UPDATE SET status = 'DONE'",
      [runDate],
    );
  }
  await unlock();
}

await db.connect();
await redis?.connect();
const deadline = Date.now() + ms('LEASELINE_DEADLINE_MS');
while (Date.now() < deadline && !(await tonightIsDone())) {
  const token = await acquire();
  if (token === null) await sleep(ms('LEASELINE_POLL_MS'));
  else await runTonight(token);
}
redis?.destroy();
if (etcdLease !== null) {
  clearInterval(etcdLease.timer);
  await etcd('/v3/lease/revoke', { ID: etcdLease.id }).catch(() => null);
}
await db.end();
