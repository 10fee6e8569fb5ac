import { describe, expect, it } from 'vitest';
import { RedisStore } from './redisStore';

describe('RedisStore', () => {
  it('SET NX succeeds only when the key is absent or expired on Redis clock', () => {
    const redis = new RedisStore(6, null);
    expect(redis.setNx(0, 1000, 'A:0', 500, false).ok).toBe(true);
    expect(redis.setNx(10, 1499, 'B:1', 500, false).ok).toBe(false);
    // Expiry is read on Redis's wall clock, as Redis does (expired once now > set + TTL): at
    // exactly 1500 the key is still there, GET returns it and SET NX fails; at 1501 it is gone.
    expect(redis.get(15, 1500)).toBe('A:0');
    expect(redis.setNx(16, 1500, 'B:1', 500, false).ok).toBe(false);
    expect(redis.get(17, 1501)).toBeNull();
    expect(redis.setNx(20, 1501, 'B:1', 500, false).ok).toBe(true);
    expect(redis.get(30, 1600)).toBe('B:1');
  });

  it('compare-and-delete removes only its own key; plain DEL removes anyone', () => {
    const redis = new RedisStore(6, null);
    redis.setNx(0, 0, 'A:0', 1000, false);
    expect(redis.delete(1, 1, 'B:1')).toBe(false);
    expect(redis.get(1, 1)).toBe('A:0');
    expect(redis.delete(2, 2, null)).toBe(true);
    expect(redis.get(3, 3)).toBeNull();
  });

  it('a failover loses the writes the primary had not shipped: the key and the INCR counter', () => {
    const redis = new RedisStore(6, 1000);
    expect(redis.setNx(0, 0, 'A:0', 60_000, true)).toEqual({ ok: true, counter: 7 });
    redis.failPrimary(500);
    expect(redis.available).toBe(false);
    redis.promote(5500);
    expect(redis.get(5500, 5500)).toBeNull();
    expect(redis.setNx(10_000, 10_000, 'B:1', 60_000, true)).toEqual({ ok: true, counter: 7 });
  });

  it('writes shipped before the failover survive it', () => {
    const redis = new RedisStore(6, 1000);
    redis.setNx(0, 0, 'A:0', 60_000, true);
    redis.failPrimary(1000);
    redis.promote(1500);
    expect(redis.get(2000, 2000)).toBe('A:0');
    expect(redis.setNx(3000, 3000, 'B:1', 60_000, true).ok).toBe(false);
  });

  it('tells its observer what each node holds, the replica `lag` after the primary', () => {
    const seen: string[] = [];
    const redis = new RedisStore(6, 1000, (atMs, state) =>
      seen.push(`${atMs} ${state.node} ${state.up ? 'up' : 'down'} ${state.value ?? '-'} ${state.counter}`),
    );
    redis.setNx(0, 0, 'A:0', 60_000, true);
    redis.failPrimary(500);
    redis.promote(5500);
    redis.setNx(6000, 6000, 'B:1', 60_000, true);
    redis.flush(9000);
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
});
