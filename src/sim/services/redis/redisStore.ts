/**
 * Redis for the `SET key value NX PX ttl` lock (docs/model.md §5.4, F12): a primary and an
 * optional replica that applies each primary write `lagMs` later (asynchronous replication).
 * A key expires once Redis's own wall clock is past its deadline, set time + TTL (as Redis
 * checks `now > when`: at the deadline itself GET still returns it and SET NX fails); that
 * clock is not monotonic, so a clock jump on `redis` moves it. When the primary dies, writes it
 * had not yet shipped are lost, the lock key and the INCR counter alike; the replica serves as
 * primary after `promoteAfterMs`.
 *
 * Plain data (`RedisStore`) and functions over it, so a checkpoint is a copy of the data; the
 * simulator calls them at the right instants, with an observer that hears what each node holds
 * after a change (the timeline's Redis lanes).
 */

interface RedisData {
  key: { value: string; expireAtWallMs: number } | null;
  counter: number;
}

/** What a node holds after a change, for the timeline (`ServiceHistory`). */
export interface RedisNodeState {
  readonly node: 'primary' | 'replica';
  readonly up: boolean;
  readonly promoted: boolean;
  readonly value: string | null;
  readonly expireAtWallMs: number | null;
  readonly counter: number;
}

export type RedisObserver = (atMs: number, state: RedisNodeState) => void;

type Write =
  | { readonly kind: 'set'; readonly value: string; readonly expireAtWallMs: number }
  | { readonly kind: 'del' }
  | { readonly kind: 'incr' };

/** Both nodes and the replication stream. */
export interface RedisStore {
  readonly primary: RedisData;
  readonly replica: RedisData | null;
  readonly lagMs: number;
  /** Primary writes on their way to the replica: applied at `applyAtMs` unless the primary dies first. */
  shipping: { readonly applyAtMs: number; readonly write: Write }[];
  /** invariant: while down, requests fail (the client sees a connection error). */
  down: boolean;
  promoted: boolean;
}

/** Both nodes empty, the counter at `counterStart`; no replica without `replicaLagMs`. */
export function newRedisStore(counterStart: number, replicaLagMs: number | null): RedisStore {
  return {
    primary: { key: null, counter: counterStart },
    replica: replicaLagMs === null ? null : { key: null, counter: counterStart },
    lagMs: replicaLagMs ?? 0,
    shipping: [],
    down: false,
    promoted: false,
  };
}

/** What each node holds now (the night's start shows them). */
export function redisNodeStates(redis: RedisStore): RedisNodeState[] {
  const states = [nodeState(redis, 'primary')];
  if (redis.replica) states.push(nodeState(redis, 'replica'));
  return states;
}

/** Ships what the replica has received by `nowMs` (the night's end, so the last writes show). */
export function flushRedis(redis: RedisStore, observe: RedisObserver, nowMs: number): void {
  ship(redis, nowMs, observe);
}

export function redisAvailable(redis: RedisStore): boolean {
  return !redis.down;
}

/** `SET key value NX PX ttl` (with `INCR` in the same script when `incr`): the token, or false. */
export function redisSetNx(
  redis: RedisStore,
  observe: RedisObserver,
  nowMs: number,
  wallMs: number,
  write: { readonly value: string; readonly ttlMs: number; readonly incr: boolean },
): { ok: boolean; counter: number } {
  ship(redis, nowMs, observe);
  const data = serving(redis);
  if (data.key !== null && data.key.expireAtWallMs >= wallMs) return { ok: false, counter: data.counter };
  apply(redis, observe, nowMs, { kind: 'set', value: write.value, expireAtWallMs: wallMs + write.ttlMs });
  if (write.incr) apply(redis, observe, nowMs, { kind: 'incr' });
  return { ok: true, counter: serving(redis).counter };
}

/** The live key's value, or null (absent or expired on Redis's clock). */
export function redisGet(redis: RedisStore, observe: RedisObserver, nowMs: number, wallMs: number): string | null {
  ship(redis, nowMs, observe);
  const key = serving(redis).key;
  return key !== null && key.expireAtWallMs >= wallMs ? key.value : null;
}

/** The compare-and-delete script, or a plain `DEL` when `expected` is null. True if a key went. */
export function redisDelete(
  redis: RedisStore,
  observe: RedisObserver,
  nowMs: number,
  wallMs: number,
  expected: string | null,
): boolean {
  const current = redisGet(redis, observe, nowMs, wallMs);
  if (current === null || (expected !== null && current !== expected)) return false;
  apply(redis, observe, nowMs, { kind: 'del' });
  return true;
}

/** The primary dies: nothing it had not shipped reaches the replica. */
export function failRedisPrimary(redis: RedisStore, observe: RedisObserver, nowMs: number): void {
  ship(redis, nowMs, observe);
  redis.shipping = [];
  redis.down = true;
  notify(redis, observe, nowMs, 'primary');
}

/** The replica becomes the primary. Without a replica, the primary comes back empty. */
export function promoteRedisReplica(redis: RedisStore, observe: RedisObserver, nowMs: number): void {
  redis.down = false;
  redis.promoted = true;
  if (redis.replica === null) redis.primary.key = null;
  notify(redis, observe, nowMs, redis.replica === null ? 'primary' : 'replica');
}

function serving(redis: RedisStore): RedisData {
  return redis.promoted && redis.replica !== null ? redis.replica : redis.primary;
}

function apply(redis: RedisStore, observe: RedisObserver, nowMs: number, write: Write): void {
  applyTo(serving(redis), write);
  notify(redis, observe, nowMs, redis.promoted && redis.replica !== null ? 'replica' : 'primary');
  if (redis.replica !== null && !redis.promoted) redis.shipping.push({ applyAtMs: nowMs + redis.lagMs, write });
}

function ship(redis: RedisStore, nowMs: number, observe: RedisObserver): void {
  const replica = redis.replica;
  if (replica === null || redis.shipping.length === 0) return;
  let shipped = 0;
  for (const pending of redis.shipping) {
    if (pending.applyAtMs > nowMs) break;
    applyTo(replica, pending.write);
    notify(redis, observe, pending.applyAtMs, 'replica');
    shipped += 1;
  }
  if (shipped > 0) redis.shipping = redis.shipping.slice(shipped);
}

function notify(redis: RedisStore, observe: RedisObserver, atMs: number, node: 'primary' | 'replica'): void {
  if (node === 'replica' && redis.replica === null) return;
  observe(atMs, nodeState(redis, node));
}

function nodeState(redis: RedisStore, node: 'primary' | 'replica'): RedisNodeState {
  const data = node === 'primary' ? redis.primary : redis.replica;
  return {
    node,
    // The old primary never comes back after a failover with a replica.
    up: node === 'replica' || !redis.down,
    promoted: node === 'replica' && redis.promoted,
    value: data?.key?.value ?? null,
    expireAtWallMs: data?.key?.expireAtWallMs ?? null,
    counter: data?.counter ?? 0,
  };
}

function applyTo(data: RedisData, write: Write): void {
  if (write.kind === 'set') data.key = { value: write.value, expireAtWallMs: write.expireAtWallMs };
  else if (write.kind === 'del') data.key = null;
  else data.counter += 1;
}
