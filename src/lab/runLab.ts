/**
 * `leaseline lab`: the night on a real PostgreSQL with real processes (docs/lab.md). Creates the
 * schema and tonight's data in a fresh database, starts one worker process per replica, hears
 * every lock change and every committed write as PostgreSQL announces it (with `--lock redis`
 * the lock's changes as Redis announces them, labRedis.ts; with `--lock etcd` as its looks at
 * etcd's lock prefix see them, labEtcd.ts), pauses the holder with SIGSTOP
 * right after its first committed write and resumes it with SIGCONT (with `--failover` kills
 * the Redis primary at that moment too), then judges what the database holds. Every worker,
 * the embedded database and the Redis are gone when it returns or throws (unless the database
 * is kept on purpose).
 */
import pg from 'pg';
import { type LabDatabase, LabError, messageOf, openLabDatabase } from './labDatabase';
import { etcdReportOf, type LabEtcd, startLabEtcd } from './labEtcd';
import type { LabObservation, LabPause, WorkerEnd } from './labObservation';
import { type LabOptions, POLL_SIM_MS, PROMOTE_AFTER_SIM_MS, pauseForSimMs, realMsOf } from './labOptions';
import { type LabRedis, redisReportOf, startLabRedis } from './labRedis';
import { buildLabReport, type LabReport } from './labReport';
import { EVENTS_CHANNEL, LAST_TOKEN, OBSERVATION_SQL, SCHEMA_SQL, seedStatements, TOKEN_SEQUENCE_SQL } from './labSql';
import { workerEnvironment } from './worker/workerEnv';
import { parseWorkerLogLine, type RunLine, type StatementLine } from './workerLog';
import { type WorkerExit, WorkerProcesses } from './workerProcesses';

/** The night's run date D (docs/lab.md's example). */
export const RUN_DATE = '2026-12-01';
const STEP_SIM_MS = { load: 20_000, item: 30_000, markDone: 10_000 } as const;

export interface LabHooks {
  /** One line saying where the night is (who holds the lock, writes so far, the pause). */
  readonly onProgress?: (line: string) => void;
  /** Aborting stops every worker at once; runLab then cleans up and throws a LabError. */
  readonly signal?: AbortSignal;
  /** Where a `--worker` runs and the environment under the lab's variables (`grade lab`: workerFolder.ts). */
  readonly workerPlace?: { readonly cwd: string; readonly baseEnv: Readonly<Record<string, string>> };
  /** Each line a worker writes, standard output and error, as it comes (`grade lab` keeps them). */
  readonly onWorkerOutput?: (replica: string, line: string) => void;
}

export interface LabResult {
  readonly report: LabReport;
  readonly observation: LabObservation;
  readonly options: LabOptions;
  /** Set with --keep-db: the database is still there, at this URL, until `dispose()`. */
  readonly keptDatabase: LabDatabase | null;
}

export function replicaIds(count: number): { id: string; hostname: string }[] {
  return Array.from({ length: count }, (_, index) => ({
    id: String.fromCharCode(65 + index),
    hostname: `orders-${index}`,
  }));
}

export async function runLab(options: LabOptions, hooks: LabHooks = {}): Promise<LabResult> {
  const startedAt = performance.now();
  if (hooks.signal?.aborted) throw new LabError('interrupted');
  const database = await openLabDatabase(options.db);
  let keep = false;
  let redis: LabRedis | null = null;
  let etcd: LabEtcd | null = null;
  const lockEvents: LockEvents = { onGrant: () => undefined };
  try {
    if (hooks.signal?.aborted) throw new LabError('interrupted');
    await prepare(database, options);
    if (options.lock === 'redis') {
      redis = await startLabRedis({
        failover: options.failover,
        token: options.redisToken,
        lastToken: LAST_TOKEN,
        onGrant: (lockedBy, token) => lockEvents.onGrant(lockedBy, token),
      });
    }
    if (options.lock === 'etcd') {
      etcd = await startLabEtcd({
        lastToken: LAST_TOKEN,
        onGrant: (lockedBy, token) => lockEvents.onGrant(lockedBy, token),
      });
    }
    if (hooks.signal?.aborted) throw new LabError('interrupted');
    const night = await runNight(options, database, hooks, { redis, etcd, lockEvents });
    const report = buildLabReport(options.out ?? 'lab', night, {
      database: database.version,
      worker: options.worker ?? 'built-in',
      ...(redis === null ? {} : { redis: redisReportOf(redis, night) }),
      ...(etcd === null ? {} : { etcd: etcdReportOf(etcd) }),
      timings: { databaseStartMs: database.startMs, totalMs: Math.round(performance.now() - startedAt) },
    });
    keep = options.keepDb;
    return { report, observation: night, options, keptDatabase: keep ? database : null };
  } finally {
    await etcd?.stop();
    await redis?.stop();
    if (!keep) await database.dispose();
  }
}

/** Where the lock's grants are heard from: PostgreSQL's notifications, the Redis watcher, or the etcd looks. */
interface LockEvents {
  onGrant: (lockedBy: string, token: number) => void;
}

async function prepare(database: LabDatabase, options: LabOptions): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await client.query(SCHEMA_SQL);
    if (options.lock === 'redis') await client.query(TOKEN_SEQUENCE_SQL);
    await client.query(OBSERVATION_SQL);
    for (const { text, values } of seedStatements(RUN_DATE)) await client.query(text, [...values]);
  } catch (error) {
    throw new LabError(`could not create the lab's schema: ${messageOf(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface NightState {
  holder: string | null;
  token: number | null;
  writes: number;
  pause: LabPause | null;
  failure: LabError | null;
  stopping: boolean;
  deadlineReached: boolean;
}

async function runNight(
  options: LabOptions,
  database: LabDatabase,
  hooks: LabHooks,
  lock: { readonly redis: LabRedis | null; readonly etcd: LabEtcd | null; readonly lockEvents: LockEvents },
): Promise<LabObservation> {
  const { redis, etcd } = lock;
  const replicas = replicaIds(options.replicas);
  const hostToReplica = new Map(replicas.map((replica) => [replica.hostname, replica.id]));
  const replicaOf = (name: string) => hostToReplica.get(name) ?? name;
  const statements: StatementLine[] = [];
  const runLines: RunLine[] = [];
  const pauses: LabPause[] = [];
  const workerEnds: WorkerEnd[] = [];
  const state: NightState = {
    holder: null,
    token: null,
    writes: 0,
    pause: null,
    failure: null,
    stopping: false,
    deadlineReached: false,
  };
  const listener = new pg.Client({ connectionString: database.url });
  listener.on('error', () => undefined);
  await listener.connect();
  await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
  const { dbMs: nightStartDbMs, localMs: nightStartLocalMs } = await clockPair(listener);
  const elapsed = () => ((Date.now() - nightStartLocalMs) / 1000).toFixed(1);
  const progress = () => hooks.onProgress?.(progressLine(elapsed(), state));
  const timers: NodeJS.Timeout[] = [];

  const workers = new WorkerProcesses({
    onErrorLine: (replica, line) => hooks.onWorkerOutput?.(replica, line),
    onLine: (replica, line) => {
      hooks.onWorkerOutput?.(replica, line);
      const entry = parseWorkerLogLine(line);
      if (entry?.type === 'statement') statements.push(entry);
      else if (entry?.type === 'run') runLines.push(entry);
      if (entry === null && options.worker === null && line.trim() !== '') {
        // The built-in worker prints only log lines; anything else is a bug worth seeing.
        process.stderr.write(`worker ${replica}: ${line}\n`);
      }
    },
    onExit: (exit) => {
      workerEnds.push({
        replica: exit.replica,
        atLocalMs: Date.now(),
        code: exit.code,
        signal: exit.signal,
        killedByHarness: state.stopping,
      });
      if (!state.stopping && state.failure === null && (exit.code !== 0 || exit.startError !== null)) {
        state.failure = new LabError(workerFailure(exit, options.worker));
        state.stopping = true;
        workers.killAll();
      }
    },
  });

  const pauseHolder = (replica: string) => {
    if (!workers.pause(replica)) return;
    state.pause = { replica, fromLocalMs: Date.now(), toLocalMs: null };
    pauses.push(state.pause);
    progress();
    timers.push(
      setTimeout(
        () => {
          const pause = state.pause;
          if (pause === null) return;
          workers.resume(replica);
          pauses[pauses.length - 1] = { ...pause, toLocalMs: Date.now() };
          state.pause = null;
          progress();
        },
        realMsOf(options, pauseForSimMs(options)),
      ),
    );
  };

  const onLock = (lockedBy: string, token: number) => {
    const replica = replicaOf(lockedBy);
    if (replica !== state.holder || token !== state.token) {
      state.holder = replica;
      state.token = options.token ? token : null;
      progress();
    }
  };
  lock.lockEvents.onGrant = onLock;
  let failingOver: Promise<void> | null = null;
  listener.on('notification', (message) => {
    const event = parseEvent(message.payload);
    if (event === null) return;
    if (event.kind === 'lock') {
      // With the Redis or etcd lock the row is only last night's; the grants are heard from there.
      if (options.lock === 'shedlock') onLock(event.lockedBy, event.token);
      return;
    }
    state.writes += 1;
    const writer = replicaOf(event.replica);
    progress();
    if (writer !== state.holder || state.stopping) return;
    if (options.pause === 'auto' && pauses.length === 0) pauseHolder(writer);
    // The primary dies right after the holder's first write, with tonight's key not replicated (S10).
    if (redis !== null && options.failover && failingOver === null) {
      failingOver = redis.failover(realMsOf(options, PROMOTE_AFTER_SIM_MS)).catch((error: unknown) => {
        state.failure ??= new LabError(`the Redis failover failed: ${messageOf(error)}`);
        state.stopping = true;
        workers.killAll();
      });
    }
  });

  const abort = () => {
    if (state.failure === null) state.failure = new LabError('interrupted');
    state.stopping = true;
    workers.killAll();
  };
  hooks.signal?.addEventListener('abort', abort, { once: true });
  const order = rotate(replicas, options.seed);
  for (const replica of order) {
    workers.start({
      replica: replica.id,
      command: options.worker,
      ...(hooks.workerPlace === undefined ? {} : hooks.workerPlace),
      env: workerEnvironment({
        databaseUrl: database.url,
        replica: replica.id,
        hostname: replica.hostname,
        runDate: RUN_DATE,
        lockAtMostForMs: realMsOf(options, options.lockAtMostForMs),
        lockAtLeastForMs: realMsOf(options, options.lockAtLeastForMs),
        pollMs: realMsOf(options, POLL_SIM_MS),
        loadMs: realMsOf(options, STEP_SIM_MS.load),
        itemMs: realMsOf(options, STEP_SIM_MS.item),
        markDoneMs: realMsOf(options, STEP_SIM_MS.markDone),
        fencing: options.fencing,
        deadlineMs: options.deadlineMs,
        token: options.token,
        lock: options.lock,
        redisUrl: redis?.url ?? null,
        redisToken: options.redisToken,
        etcdUrl: etcd?.url ?? null,
      }),
    });
  }
  progress();
  timers.push(
    setTimeout(() => {
      state.stopping = true;
      state.deadlineReached = true;
      workers.killAll();
    }, options.deadlineMs),
  );
  try {
    await workers.allExited();
    await failingOver;
  } finally {
    for (const timer of timers) clearTimeout(timer);
    hooks.signal?.removeEventListener('abort', abort);
    workers.killAll();
    if (state.pause !== null) pauses[pauses.length - 1] = { ...state.pause, toLocalMs: null };
  }
  const endLocalMs = Date.now();
  try {
    if (state.failure !== null) throw state.failure;
    const seen = await observe(listener);
    return {
      ledger: seen.ledger,
      // With the Redis or etcd lock the grants are the key's, moved onto the database's clock.
      lockHistory: (redis ?? etcd)?.history(nightStartDbMs - nightStartLocalMs) ?? seen.lockHistory,
      scale: options.scale,
      replicas,
      nightStartDbMs,
      nightStartLocalMs,
      tokenColumn: options.token,
      statements,
      runLines,
      pauses,
      pauseMode: options.pause,
      deadlineMs: options.deadlineMs,
      retryMs: realMsOf(options, POLL_SIM_MS),
      deadlineReached: state.deadlineReached,
      workerEnds,
      endLocalMs,
    };
  } finally {
    await listener.end().catch(() => undefined);
  }
}

/** The database's clock and ours at the same instant (the middle of one round trip). */
async function clockPair(client: pg.Client): Promise<{ dbMs: number; localMs: number }> {
  const before = Date.now();
  const { rows } = await client.query<{ ms: string }>(
    'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms',
  );
  const after = Date.now();
  return { dbMs: Number(rows[0]?.ms), localMs: (before + after) / 2 };
}

/** What the database holds at the end: the ledger and the lock row's history. */
async function observe(client: pg.Client): Promise<Pick<LabObservation, 'ledger' | 'lockHistory'>> {
  const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;
  const ledger = await client.query(
    `SELECT order_id, run_date::text AS run_date, token, replica, ${ms('committed_at')} AS at FROM order_adjustment ORDER BY committed_at, id`,
  );
  const history = await client.query(
    `SELECT ${ms('changed_at')} AS changed, ${ms('lock_until')} AS until, ${ms('locked_at')} AS locked, locked_by, fencing_token
     FROM leaseline_lock_history ORDER BY seq`,
  );
  return {
    ledger: ledger.rows.map((row) => ({
      order: Number(row.order_id),
      runDate: String(row.run_date),
      token: row.token === null ? null : Number(row.token),
      replica: String(row.replica),
      committedAtMs: Number(row.at),
    })),
    lockHistory: history.rows.map((row) => ({
      changedAtMs: Number(row.changed),
      lockUntilMs: Number(row.until),
      lockedAtMs: Number(row.locked),
      lockedBy: String(row.locked_by),
      token: Number(row.fencing_token),
    })),
  };
}

type LabEvent =
  | { readonly kind: 'lock'; readonly lockedBy: string; readonly token: number }
  | { readonly kind: 'write'; readonly replica: string };

function parseEvent(payload: string | undefined): LabEvent | null {
  try {
    const value = JSON.parse(payload ?? '');
    if (value?.kind === 'lock') return { kind: 'lock', lockedBy: String(value.lockedBy), token: Number(value.token) };
    if (value?.kind === 'write') return { kind: 'write', replica: String(value.replica) };
  } catch {
    // Not ours.
  }
  return null;
}

function progressLine(elapsedSeconds: string, state: NightState): string {
  const holder =
    state.holder === null
      ? 'nobody holds the lock yet'
      : `${state.holder} holds the lock${state.token === null ? '' : ` (token ${state.token})`}`;
  const writes = `${state.writes} write${state.writes === 1 ? '' : 's'} so far`;
  const pause = state.pause === null ? '' : `, ${state.pause.replica} paused (SIGSTOP)`;
  return `lab ${elapsedSeconds}s: ${holder}, ${writes}${pause}`;
}

function workerFailure(exit: WorkerExit, command: string | null): string {
  const who = command === null ? `worker ${exit.replica} (built-in)` : `worker ${exit.replica} (${command})`;
  const said = exit.stderrTail === '' ? '' : `: ${exit.stderrTail.split('\n').slice(-3).join(' | ')}`;
  if (exit.startError !== null) return `${who} did not start: ${exit.startError}`;
  if (exit.signal !== null) return `${who} was killed by ${exit.signal}${said}`;
  return `${who} exited with status ${exit.code}${said}`;
}

/** The order the replicas are started in: rotated by the seed, so a different seed starts another first. */
function rotate<T>(items: readonly T[], seed: number): T[] {
  const shift = items.length === 0 ? 0 : seed % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}
