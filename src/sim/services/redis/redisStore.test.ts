import { describe, expect, it } from 'vitest';
import {
  failRedisPrimary,
  flushRedis,
  newRedisStore,
  promoteRedisReplica,
  type RedisNodeState,
  type RedisObserver,
  redisAvailable,
  redisDelete,
  redisGet,
  redisNodeStates,
  redisSetNx,
} from './redisStore';

const quiet: RedisObserver = () => {};
const set = (value: string, ttlMs: number, incr = false) => ({ value, ttlMs, incr });

describe('Redis store', () => {
  it('SET NX succeeds only when the key is absent or expired on Redis clock', () => {
    const redis = newRedisStore(6, null);
    expect(redisSetNx(redis, quiet, 0, 1000, set('A:0', 500)).ok).toBe(true);
    expect(redisSetNx(redis, quiet, 10, 1499, set('B:1', 500)).ok).toBe(false);
    // Expiry is read on Redis's wall clock, as Redis does (expired once now > set + TTL): at
    // exactly 1500 the key is still there, GET returns it and SET NX fails; at 1501 it is gone.
    expect(redisGet(redis, quiet, 15, 1500)).toBe('A:0');
    expect(redisSetNx(redis, quiet, 16, 1500, set('B:1', 500)).ok).toBe(false);
    expect(redisGet(redis, quiet, 17, 1501)).toBeNull();
    expect(redisSetNx(redis, quiet, 20, 1501, set('B:1', 500)).ok).toBe(true);
    expect(redisGet(redis, quiet, 30, 1600)).toBe('B:1');
  });

  it('compare-and-delete removes only its own key; plain DEL removes anyone', () => {
    const redis = newRedisStore(6, null);
    redisSetNx(redis, quiet, 0, 0, set('A:0', 1000));
    expect(redisDelete(redis, quiet, 1, 1, 'B:1')).toBe(false);
    expect(redisGet(redis, quiet, 1, 1)).toBe('A:0');
    expect(redisDelete(redis, quiet, 2, 2, null)).toBe(true);
    expect(redisGet(redis, quiet, 3, 3)).toBeNull();
  });

  it('a failover loses the writes the primary had not shipped: the key and the INCR counter', () => {
    const redis = newRedisStore(6, 1000);
    expect(redisSetNx(redis, quiet, 0, 0, set('A:0', 60_000, true))).toEqual({ ok: true, counter: 7 });
    failRedisPrimary(redis, quiet, 500);
    expect(redisAvailable(redis)).toBe(false);
    promoteRedisReplica(redis, quiet, 5500);
    expect(redisAvailable(redis)).toBe(true);
    expect(redisGet(redis, quiet, 5500, 5500)).toBeNull();
    expect(redisSetNx(redis, quiet, 10_000, 10_000, set('B:1', 60_000, true))).toEqual({ ok: true, counter: 7 });
  });

  it('writes shipped before the failover survive it', () => {
    const redis = newRedisStore(6, 1000);
    redisSetNx(redis, quiet, 0, 0, set('A:0', 60_000, true));
    failRedisPrimary(redis, quiet, 1000);
    promoteRedisReplica(redis, quiet, 1500);
    expect(redisGet(redis, quiet, 2000, 2000)).toBe('A:0');
    expect(redisSetNx(redis, quiet, 3000, 3000, set('B:1', 60_000, true)).ok).toBe(false);
  });

  it('tells its observer what each node holds, the replica `lag` after the primary', () => {
    const seen: string[] = [];
    const show = (atMs: number, state: RedisNodeState) =>
      seen.push(`${atMs} ${state.node} ${state.up ? 'up' : 'down'} ${state.value ?? '-'} ${state.counter}`);
    const redis = newRedisStore(6, 1000);
    for (const state of redisNodeStates(redis)) show(0, state);
    redisSetNx(redis, show, 0, 0, set('A:0', 60_000, true));
    failRedisPrimary(redis, show, 500);
    promoteRedisReplica(redis, show, 5500);
    redisSetNx(redis, show, 6000, 6000, set('B:1', 60_000, true));
    flushRedis(redis, show, 9000);
    expect(seen).toEqual([
      '0 primary up - 6',
      '0 replica up - 6',
      '0 primary up A:0 6',
      '0 primary up A:0 7',
      // Nothing was shipped by 500 ms: the replica never saw A's key or the INCR.
      '500 primary down A:0 7',
      '5500 replica up - 6',
      '6000 replica up B:1 6',
      '6000 replica up B:1 7',
    ]);
  });

  it('is plain data: a copy taken before a change is the store as it was', () => {
    const redis = newRedisStore(6, 1000);
    redisSetNx(redis, quiet, 0, 0, set('A:0', 60_000, true));
    const saved = structuredClone(redis);
    failRedisPrimary(redis, quiet, 500);
    expect(redisAvailable(saved)).toBe(true);
    // The SET and the INCR are still on their way to the replica in the copy.
    expect(saved.shipping).toHaveLength(2);
    expect(redisGet(saved, quiet, 2000, 2000)).toBe('A:0');
  });
});
