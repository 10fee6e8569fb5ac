/**
 * docs/lab.md, "What every worker gets": the environment the harness gives each replica, written
 * by `workerEnvironment` and read back by the built-in worker with `readWorkerEnv`.
 */

export type Fencing = 'off' | 'job' | 'row';
/** Where the lock lives (`--lock`). */
export type LabLock = 'shedlock' | 'redis' | 'etcd';
/** The Redis lock's token: `INCR` in the SET's script, the database's sequence, or none (`--token`). */
export type RedisTokenSource = 'incr' | 'db' | 'none';

export interface WorkerEnv {
  readonly databaseUrl: string;
  readonly replica: string;
  readonly hostname: string;
  readonly runDate: string;
  readonly lockAtMostForMs: number;
  readonly lockAtLeastForMs: number;
  readonly pollMs: number;
  readonly loadMs: number;
  readonly itemMs: number;
  readonly markDoneMs: number;
  readonly fencing: Fencing;
  readonly deadlineMs: number;
  /** Whether the grant mints a token (`--token`); a student's worker may ignore it. */
  readonly token: boolean;
  readonly lock: LabLock;
  /** With `--lock redis`: the address that always leads to the serving Redis (the primary, then the promoted replica). */
  readonly redisUrl: string | null;
  readonly redisToken: RedisTokenSource;
  /** With `--lock etcd`: the etcd's client URL (its JSON gateway at `/v3/...`). */
  readonly etcdUrl: string | null;
}

export function workerEnvironment(env: WorkerEnv): Record<string, string> {
  return {
    DATABASE_URL: env.databaseUrl,
    LEASELINE_REPLICA: env.replica,
    LEASELINE_HOSTNAME: env.hostname,
    LEASELINE_RUN_DATE: env.runDate,
    LEASELINE_LOCK_AT_MOST_FOR_MS: String(env.lockAtMostForMs),
    LEASELINE_LOCK_AT_LEAST_FOR_MS: String(env.lockAtLeastForMs),
    LEASELINE_POLL_MS: String(env.pollMs),
    LEASELINE_LOAD_MS: String(env.loadMs),
    LEASELINE_ITEM_MS: String(env.itemMs),
    LEASELINE_MARK_DONE_MS: String(env.markDoneMs),
    LEASELINE_FENCING: env.fencing,
    LEASELINE_DEADLINE_MS: String(env.deadlineMs),
    LEASELINE_TOKEN: env.lock === 'redis' ? redisTokenWord(env.redisToken) : env.token ? 'on' : 'off',
    LEASELINE_LOCK: env.lock,
    ...(env.redisUrl === null ? {} : { LEASELINE_REDIS_URL: env.redisUrl }),
    ...(env.etcdUrl === null ? {} : { LEASELINE_ETCD_URL: env.etcdUrl }),
  };
}

const redisTokenWord = (source: RedisTokenSource) => (source === 'none' ? 'off' : source);

/** Reads the environment; throws naming the first variable that is missing or not a number. */
export function readWorkerEnv(vars: Readonly<Record<string, string | undefined>>): WorkerEnv {
  const text = (name: string): string => {
    const value = vars[name];
    if (value === undefined || value === '') throw new Error(`${name} is not set`);
    return value;
  };
  const ms = (name: string): number => {
    const value = Number(text(name));
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} is not a number of milliseconds`);
    return value;
  };
  const fencing = text('LEASELINE_FENCING');
  if (fencing !== 'off' && fencing !== 'job' && fencing !== 'row')
    throw new Error('LEASELINE_FENCING is not off, job or row');
  return {
    databaseUrl: text('DATABASE_URL'),
    replica: text('LEASELINE_REPLICA'),
    hostname: text('LEASELINE_HOSTNAME'),
    runDate: text('LEASELINE_RUN_DATE'),
    lockAtMostForMs: ms('LEASELINE_LOCK_AT_MOST_FOR_MS'),
    lockAtLeastForMs: ms('LEASELINE_LOCK_AT_LEAST_FOR_MS'),
    pollMs: ms('LEASELINE_POLL_MS'),
    loadMs: ms('LEASELINE_LOAD_MS'),
    itemMs: ms('LEASELINE_ITEM_MS'),
    markDoneMs: ms('LEASELINE_MARK_DONE_MS'),
    fencing,
    deadlineMs: ms('LEASELINE_DEADLINE_MS'),
    token: vars.LEASELINE_TOKEN !== 'off',
    lock: vars.LEASELINE_LOCK === 'redis' || vars.LEASELINE_LOCK === 'etcd' ? vars.LEASELINE_LOCK : 'shedlock',
    redisUrl: vars.LEASELINE_LOCK === 'redis' ? text('LEASELINE_REDIS_URL') : null,
    etcdUrl: vars.LEASELINE_LOCK === 'etcd' ? text('LEASELINE_ETCD_URL') : null,
    redisToken: vars.LEASELINE_TOKEN === 'db' ? 'db' : vars.LEASELINE_TOKEN === 'off' ? 'none' : 'incr',
  };
}
