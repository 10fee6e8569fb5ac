/**
 * The Redis lock service driven through a small fake context (`fakeNight.testing.ts`): SET NX
 * PX, GET, compare-and-delete or DEL, the operator's DEL, and the primary's failover that loses
 * the key it had not shipped, without building a night.
 */
import { describe, expect, it } from 'vitest';
import type { RedisConfig, ResolvedScenario } from '../../../model/resolvedScenario';
import { fakeNight, payloadOf, TWO_AM_MS } from '../fakeNight.testing';
import type { RedisNodeEvent } from './redisFailover';
import { redisClientOf } from './redisLockState';
import { redisService } from './redisService';

function redis(overrides: Partial<RedisConfig> = {}): RedisConfig {
  return { kind: 'redis', ttlMs: 30_000, release: 'compareAndDelete', replica: null, token: 'incr', ...overrides };
}

function redisNight(lock: RedisConfig) {
  return fakeNight(lock, redisService);
}

describe('redis lock service', () => {
  it('grants the absent key with an INCR token until its TTL on Redis’s clock, and denies the next', () => {
    const lock = redis();
    const { ctx, a, b, sql, record } = redisNight(lock);
    expect(redisService.acquire(ctx, a, lock, 0, record)).toEqual({ type: 'GRANTED', token: 7 });
    expect(redisClientOf(a).value).toBe('a:0');
    expect(redisService.acquire(ctx, b, lock, 0, record)).toEqual({ type: 'DENIED' });
    expect(ctx.grants).toHaveLength(1);
    expect(ctx.grants[0]).toMatchObject({
      replica: 'a',
      token: 7,
      untilClockMs: TWO_AM_MS + 30_000,
      clockNode: 'redis',
      expires: true,
    });
    expect(sql.map(({ statement, note }) => `${statement.kind} ${note}`)).toEqual([
      'redisSet granted',
      'redisSet denied',
    ]);
  });

  it('answers the holder check by the value the replica set, until the key expires', () => {
    const lock = redis();
    const { ctx, a, b, record, at } = redisNight(lock);
    redisService.acquire(ctx, a, lock, 0, record);
    expect(redisService.isHolder(ctx, a, lock, 0, record)).toBe(true);
    expect(redisService.isHolder(ctx, b, lock, 0, record)).toBe(false);
    at(TWO_AM_MS + 30_001);
    expect(redisService.isHolder(ctx, a, lock, 0, record)).toBe(false);
    expect(redisService.acquire(ctx, b, lock, 0, record)).toEqual({ type: 'GRANTED', token: 8 });
  });

  it('compare-and-delete releases only the replica’s own key and ends its grant', () => {
    const lock = redis();
    const { ctx, a, b, record, at } = redisNight(lock);
    redisService.acquire(ctx, a, lock, 0, record);
    // b still holds the value of a grant it had earlier.
    redisClientOf(b).value = 'b:5';
    at(TWO_AM_MS + 1000);
    expect(redisService.release(ctx, b, lock, 0, record)).toEqual({ type: 'RELEASED' });
    expect(ctx.grants[0]?.endMs).toBeNull();
    expect(redisService.release(ctx, a, lock, 0, record)).toEqual({ type: 'RELEASED' });
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 1000, endReason: 'released' });
  });

  it('a plain DEL removes whoever holds the key (F12): a zombie’s release ends the new holder’s grant', () => {
    const lock = redis({ release: 'del' });
    const { ctx, a, b, record, at } = redisNight(lock);
    redisService.acquire(ctx, a, lock, 0, record);
    at(TWO_AM_MS + 40_000);
    redisService.acquire(ctx, b, lock, 0, record);
    at(TWO_AM_MS + 41_000);
    redisService.release(ctx, a, lock, 0, record);
    expect(ctx.grants[1]).toMatchObject({ replica: 'b', endMs: TWO_AM_MS + 41_000, endReason: 'released' });
    expect(redisService.isHolder(ctx, b, lock, 0, record)).toBe(false);
  });

  it('an operator’s DEL frees the key and ends the grant as forced', () => {
    const lock = redis();
    const { ctx, a, b, record, at } = redisNight(lock);
    redisService.acquire(ctx, a, lock, 0, record);
    at(TWO_AM_MS + 5000);
    redisService.forceExpire(ctx, lock);
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 5000, endReason: 'forced' });
    expect(redisService.acquire(ctx, b, lock, 0, record)).toMatchObject({ type: 'GRANTED' });
  });

  it('a failover loses the key the primary had not shipped: the grant ends, the lock and its token are handed out again', () => {
    const lock = redis({ replica: { lagMs: 1000, promoteAfterMs: 5000 } });
    const { ctx, a, b, sql, scheduled, record, at } = redisNight(lock);
    redisService.acquire(ctx, a, lock, 0, record);
    at(TWO_AM_MS + 500);
    const failover = redisService.eventPayload(
      { type: 'redisFailover', atMs: TWO_AM_MS + 500, index: 0, id: 'e0', label: null },
      lock,
    );
    if (!failover) throw new Error('no failover payload');
    expect(redisService.handle(ctx, failover, lock)).toBeNull();
    // While no primary serves, the client's SET fails.
    expect(redisService.acquire(ctx, b, lock, 0, record)).toEqual({ type: 'DENIED' });
    expect(sql.at(-1)?.statement).toEqual({ kind: 'redisUnavailable', command: 'SET' });
    expect(scheduled[0]?.atMs).toBe(TWO_AM_MS + 5500);
    at(TWO_AM_MS + 5500);
    redisService.handle(ctx, payloadOf<RedisNodeEvent>(scheduled, 0), lock);
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 5500, endReason: 'failover' });
    // The replica never saw the INCR either: b gets token 7 again.
    expect(redisService.acquire(ctx, b, lock, 0, record)).toEqual({ type: 'GRANTED', token: 7 });
  });

  it('a key shipped before the failover survives it, with its grant', () => {
    const lock = redis({ replica: { lagMs: 1000, promoteAfterMs: 5000 } });
    const { ctx, a, scheduled, record, at } = redisNight(lock);
    redisService.acquire(ctx, a, lock, 0, record);
    at(TWO_AM_MS + 2000);
    redisService.handle(ctx, { kind: 'redisFailover' }, lock);
    at(TWO_AM_MS + 7000);
    redisService.handle(ctx, payloadOf<RedisNodeEvent>(scheduled, 0), lock);
    expect(ctx.grants[0]?.endMs).toBeNull();
    expect(redisService.isHolder(ctx, a, lock, 0, record)).toBe(true);
  });

  it('shows both nodes from the night’s start and what the replica received by its end', () => {
    const lock = redis({ replica: { lagMs: 1000, promoteAfterMs: 5000 } });
    const { ctx, a, views, record, at } = redisNight(lock);
    redisService.nightStarted(ctx, lock);
    expect(views.map(({ atMs, view }) => [atMs, view.kind === 'redis' && view.node])).toEqual([
      [TWO_AM_MS, 'primary'],
      [TWO_AM_MS, 'replica'],
    ]);
    redisService.acquire(ctx, a, lock, 0, record);
    at(TWO_AM_MS + 60_000);
    redisService.nightEnded(ctx, TWO_AM_MS + 60_000);
    const replicaViews = views.filter(({ view }) => view.kind === 'redis' && view.node === 'replica');
    expect(replicaViews.at(-1)).toMatchObject({ atMs: TWO_AM_MS + 1000, view: { value: 'a:0', counter: 7 } });
  });

  it('refuses a failover or a Redis clock jump in a night without Redis (or without a replica)', () => {
    const shedlockNight: ResolvedScenario = {
      ...fakeNight(redis(), redisService).ctx.scenario,
      lock: { kind: 'none' },
      events: [
        { type: 'redisFailover', atMs: TWO_AM_MS, index: 0, id: 'e0', label: null },
        { type: 'clockJump', node: 'redis', atMs: TWO_AM_MS, byMs: 1000, index: 1, id: 'e1', label: null },
      ],
    };
    expect(redisService.refusedEvents(shedlockNight).map((refusal) => refusal.path)).toEqual([
      'events[0].type',
      'events[1].node',
    ]);
    const withoutReplica = { ...shedlockNight, lock: redis() };
    expect(redisService.refusedEvents(withoutReplica).map((refusal) => refusal.path)).toEqual(['events[0].type']);
    const withReplica = { ...shedlockNight, lock: redis({ replica: { lagMs: 1, promoteAfterMs: 1 } }) };
    expect(redisService.refusedEvents(withReplica)).toEqual([]);
  });
});
