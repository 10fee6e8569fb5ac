/**
 * The Redis of `leaseline lab --lock redis` (docs/lab.md, "The Redis lock"): a real primary
 * (redisServer.ts), with `--failover` a real replica of it, and one address for the workers
 * (redisProxy.ts). The harness watches the lock key with Redis's keyspace notifications: at
 * each `set` it reads the key, its deadline (`PEXPIRETIME`) and the `INCR` counter in one
 * `MULTI`, which is a new grant; at each `del`, the holder's release. These rows have the shape
 * of ShedLock's lock history, so the verdict judges a Redis night as it judges a PostgreSQL one.
 *
 * `--failover`: from the night's start the replica holds every write it receives unapplied
 * (redisReplication.ts: a replica behind by more than the whole night), so when the harness
 * kills the primary (SIGKILL) tonight's key and counter die with it; `promoteAfterMs` later the
 * replica is promoted and the address leads there.
 */
import { createClient } from 'redis';
import { formatTimeOfNightMs } from '../model/timeOfNight';
import { LabError, messageOf } from './labDatabase';
import { type LabObservation, type LockHistoryRow, nightClock } from './labObservation';
import { holderOfValue, REDIS_LOCK_KEY, REDIS_TOKEN_KEY, tokenOfValue } from './labRedisCommands';
import type { LabRedisReport } from './labReport';
import { openRedisRelay, type RedisRelay } from './redisProxy';
import { holdReplication, promoteReplica } from './redisReplication';
import { type RedisServer, startRedisServer } from './redisServer';
import type { RedisTokenSource } from './worker/workerEnv';

type Client = ReturnType<typeof createClient>;

export interface LabRedisOptions {
  readonly failover: boolean;
  readonly token: RedisTokenSource;
  /** The counter's start: last night's token. */
  readonly lastToken: number;
  /** Each new holder (its `locked_by`, its token) as soon as the harness has read it. */
  readonly onGrant: (lockedBy: string, token: number) => void;
}

export interface LabRedis {
  /** The workers' address (`LEASELINE_REDIS_URL`). */
  readonly url: string;
  /** `redis-server 7.0.15, primary and replica` */
  readonly description: string;
  readonly startMs: number;
  /**
   * The key's history as lock rows, moved by `toDbMs` from this machine's clock (Redis runs
   * here, so its clock is this one) onto the database's.
   */
  history(toDbMs: number): readonly LockHistoryRow[];
  /** Kills the primary now and promotes the replica `promoteAfterMs` later; resolves once promoted. */
  failover(promoteAfterMs: number): Promise<void>;
  /** When the primary died and the replica was promoted, on this machine's clock; null before. */
  failoverTimes(): { readonly downLocalMs: number; readonly promotedLocalMs: number | null } | null;
  /** Stops watching, both servers and the address; safe to call twice. */
  stop(): Promise<void>;
}

const KEYSPACE_CHANNEL = `__keyspace@0__:${REDIS_LOCK_KEY}`;
/** The lease the verdict gives a key without a TTL: longer than the longest lab night (`--deadline-ms` up to an hour). */
const NO_TTL_LEASE_MS = 24 * 3_600_000;

export async function startLabRedis(options: LabRedisOptions): Promise<LabRedis> {
  const startedAt = performance.now();
  const servers: RedisServer[] = [];
  const clients: Client[] = [];
  let relay: RedisRelay | null = null;
  const stopAll = async () => {
    // The dead primary's clients closed with it.
    for (const client of clients.splice(0)) if (client.isOpen) client.destroy();
    await relay?.close();
    relay = null;
    for (const server of servers.splice(0).reverse()) await server.stop();
  };
  try {
    const primary = await startRedisServer();
    servers.push(primary);
    const replica = options.failover ? await startRedisServer({ replicaOfPort: primary.port }) : null;
    if (replica !== null) servers.push(replica);
    const onPrimary = await connect(primary.url, clients);
    await onPrimary.set(REDIS_TOKEN_KEY, String(options.lastToken));
    const onReplica = replica === null ? null : await connect(replica.url, clients);
    for (const client of [onPrimary, onReplica]) {
      // K: keyspace channel, g: DEL and the like, $: SET, x: expiry.
      await client?.configSet('notify-keyspace-events', 'Kg$x');
    }
    if (onReplica !== null) await holdReplication(primary.url, onReplica);
    relay = await openRedisRelay(primary.port);
    const watcher = keyWatcher(options);
    await watcher.watch(primary.url, clients);
    let times: { downLocalMs: number; promotedLocalMs: number | null } | null = null;
    const openRelay = relay;
    return {
      url: relay.url,
      description: `redis-server ${primary.version}, ${replica === null ? 'one primary' : 'primary and replica'}`,
      startMs: Math.round(performance.now() - startedAt),
      history: (toDbMs) =>
        watcher.history().map((row) => ({
          ...row,
          changedAtMs: row.changedAtMs + toDbMs,
          lockedAtMs: row.lockedAtMs + toDbMs,
          lockUntilMs: row.lockUntilMs + toDbMs,
        })),
      async failover(promoteAfterMs) {
        if (replica === null || onReplica === null || times !== null) return;
        times = { downLocalMs: Date.now(), promotedLocalMs: null };
        openRelay.retarget(null);
        await primary.kill();
        await new Promise((resolve) => setTimeout(resolve, promoteAfterMs));
        await promoteReplica(onReplica);
        await watcher.watch(replica.url, clients);
        openRelay.retarget(replica.port);
        times.promotedLocalMs = Date.now();
      },
      failoverTimes: () => times,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch(() => undefined);
    // A RedisStartError already says what failed and what to run.
    throw new LabError(`the lab's Redis could not start: ${messageOf(error)}`);
  }
}

/** The report's `redis` field: the servers, and the failover's times of night. */
export function redisReportOf(redis: LabRedis, night: LabObservation): LabRedisReport {
  const clock = nightClock(night);
  const times = redis.failoverTimes();
  return {
    server: redis.description,
    failover:
      times === null
        ? null
        : {
            primaryKilled: formatTimeOfNightMs(clock.fromLocal(times.downLocalMs)),
            replicaPromoted:
              times.promotedLocalMs === null ? null : formatTimeOfNightMs(clock.fromLocal(times.promotedLocalMs)),
          },
  };
}

async function connect(url: string, clients: Client[]): Promise<Client> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on('error', () => undefined);
  clients.push(client);
  await client.connect();
  return client;
}

/**
 * Grants and releases of the lock key as lock rows. Reads are chained, so rows keep Redis's
 * order; a read finds the key as the `set` left it unless it changed within the read's round
 * trip (the night's steps are tens of real milliseconds apart at the least).
 */
function keyWatcher(options: LabRedisOptions) {
  const rows: LockHistoryRow[] = [];
  let current: LockHistoryRow | null = null;
  let chain: Promise<void> = Promise.resolve();
  const onEvent = (reader: Client, event: string) => {
    const atMs = Date.now();
    chain = chain
      .then(async () => {
        if (event === 'del' && current !== null) {
          rows.push({ ...current, changedAtMs: atMs, lockUntilMs: atMs });
          current = null;
          return;
        }
        if (event !== 'set') return;
        const [value, deadline, counter] = (await reader
          .multi()
          .get(REDIS_LOCK_KEY)
          .pExpireTime(REDIS_LOCK_KEY)
          .get(REDIS_TOKEN_KEY)
          .exec()) as unknown as [string | null, number, string | null];
        if (value === null) return;
        const token = options.token === 'db' ? (tokenOfValue(value) ?? 0) : Number(counter ?? 0);
        current = {
          changedAtMs: atMs,
          lockedAtMs: atMs,
          // -1: a key set without PX never expires, which outlives any lab night.
          lockUntilMs: Number(deadline) > 0 ? Number(deadline) : atMs + NO_TTL_LEASE_MS,
          lockedBy: holderOfValue(value),
          token,
        };
        rows.push(current);
        options.onGrant(current.lockedBy, token);
      })
      .catch(() => undefined);
  };
  return {
    history: () => rows,
    /** Watches the key on the server at `url` (the primary, then the promoted replica). */
    async watch(url: string, clients: Client[]) {
      const reader = await connect(url, clients);
      const subscriber = await connect(url, clients);
      await subscriber.subscribe(KEYSPACE_CHANNEL, (event) => onEvent(reader, event));
    },
  };
}
