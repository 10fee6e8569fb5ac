/**
 * The ShedLock service driven through a small fake context (`fakeNight.testing.ts`): the row's
 * acquire, holder check, release and forced expiry, and the KeepAlive's ticks, extends and
 * their answers, without building a night.
 */
import { describe, expect, it } from 'vitest';
import { fakeNight, payloadOf, TWO_AM_MS } from '../fakeNight.testing';
import type { KeepAliveRequest, KeepAliveTick } from '../keepAliveTimer';
import type { ExtendAnswer } from './keepAlive';
import { MINUTE_MS, shedlock } from './shedlockConfig.testing';
import { shedlockService } from './shedlockService';

describe('shedlock lock service', () => {
  it('grants the free row with a token, denies the other replica, and records one grant until lock_until', () => {
    const lock = shedlock();
    const { ctx, a, b, sql, logged, record } = fakeNight(lock, shedlockService);
    expect(shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record)).toEqual({ type: 'GRANTED', token: 7 });
    expect(shedlockService.acquire(ctx, b, lock, TWO_AM_MS + MINUTE_MS, record)).toEqual({ type: 'DENIED' });
    expect(ctx.grants).toHaveLength(1);
    expect(ctx.grants[0]).toMatchObject({
      replica: 'a',
      token: 7,
      untilClockMs: TWO_AM_MS + 5 * MINUTE_MS,
      clockNode: 'db',
      expires: true,
      endMs: null,
    });
    expect(ctx.rowGrantId).toBe(0);
    expect(sql.map(({ note }) => note)).toEqual(['granted', 'denied']);
    // The first acquire of a process is the upsert; ShedLock caches that the row exists.
    expect(sql[0]?.statement).toMatchObject({ kind: 'acquire', upsert: true });
    expect(logged).toEqual([
      { node: 'db', kind: 'grant' },
      { node: 'db', kind: 'lockRow' },
    ]);
  });

  it('caches that the row exists once the replica heard an answer, until the process restarts', () => {
    const lock = shedlock();
    const { ctx, a, b, sql, record } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    shedlockService.acquire(ctx, b, lock, TWO_AM_MS, record);
    shedlockService.answerHeard(ctx, b, { type: 'DENIED' }, lock);
    shedlockService.acquire(ctx, b, lock, TWO_AM_MS + MINUTE_MS, record);
    shedlockService.replicaStarted(ctx, b, lock);
    shedlockService.acquire(ctx, b, lock, TWO_AM_MS + 2 * MINUTE_MS, record);
    expect(sql.map(({ statement }) => statement.kind === 'acquire' && statement.upsert)).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });

  it('remembers locked_at on its own clock for an app-time release (lockAtLeastFor)', () => {
    const lock = shedlock({ time: 'app', lockAtLeastForMs: 4 * MINUTE_MS });
    const { ctx, a, record, at } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    // The replica hears the grant 10 s after the statement's clock reading (its clock runs behind).
    a.instantMs = TWO_AM_MS + 10_000;
    shedlockService.answerHeard(ctx, a, { type: 'GRANTED', token: 7 }, lock);
    at(TWO_AM_MS + MINUTE_MS);
    shedlockService.release(ctx, a, lock, TWO_AM_MS + MINUTE_MS, record);
    expect(ctx.db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 10_000 + 4 * MINUTE_MS);
  });

  it('answers the holder check by host and expiry', () => {
    const lock = shedlock();
    const { ctx, a, b, record } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    expect(shedlockService.isHolder(ctx, a, lock, TWO_AM_MS + MINUTE_MS, record)).toBe(true);
    expect(shedlockService.isHolder(ctx, b, lock, TWO_AM_MS + MINUTE_MS, record)).toBe(false);
    expect(shedlockService.isHolder(ctx, a, lock, TWO_AM_MS + 5 * MINUTE_MS, record)).toBe(false);
  });

  it('ends the grant on release; another host’s release touches nothing', () => {
    const lock = shedlock();
    const { ctx, a, b, sql, record, at } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    at(TWO_AM_MS + 2 * MINUTE_MS);
    expect(shedlockService.release(ctx, b, lock, TWO_AM_MS + 2 * MINUTE_MS, record)).toEqual({ type: 'RELEASED' });
    expect(sql.at(-1)?.note).toBe('noop');
    expect(ctx.grants[0]?.endMs).toBeNull();
    expect(shedlockService.release(ctx, a, lock, TWO_AM_MS + 2 * MINUTE_MS, record)).toEqual({ type: 'RELEASED' });
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 2 * MINUTE_MS, endReason: 'released' });
    expect(ctx.db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 2 * MINUTE_MS);
  });

  it('keeps the lock until lockAtLeastFor after a release, so the grant runs on', () => {
    const lock = shedlock({ lockAtLeastForMs: 4 * MINUTE_MS });
    const { ctx, a, record, at } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    at(TWO_AM_MS + MINUTE_MS);
    shedlockService.release(ctx, a, lock, TWO_AM_MS + MINUTE_MS, record);
    expect(ctx.grants[0]).toMatchObject({ untilClockMs: TWO_AM_MS + 4 * MINUTE_MS, endMs: null });
  });

  it('forced expiry frees a held row at once and ends its grant', () => {
    const lock = shedlock();
    const { ctx, a, b, record, at } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    at(TWO_AM_MS + MINUTE_MS);
    shedlockService.forceExpire(ctx, lock);
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + MINUTE_MS, endReason: 'forced' });
    expect(shedlockService.acquire(ctx, b, lock, TWO_AM_MS + MINUTE_MS, record)).toEqual({ type: 'GRANTED', token: 8 });
  });

  it('KeepAlive extends every lockAtMostFor/2 on the fixed-rate grid, stretching the grant', () => {
    const lock = shedlock({ keepAlive: true });
    const { ctx, a, scheduled, logged, record, at } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    a.grantId = 0;
    shedlockService.granted(ctx, a, lock);
    const tick = payloadOf<KeepAliveTick>(scheduled, 0);
    expect(scheduled[0]?.atMs).toBe(TWO_AM_MS + 150_000);
    // The tick runs late (a busy executor): the extend goes out then.
    at(TWO_AM_MS + 160_000);
    expect(shedlockService.handle(ctx, tick, lock)).toBeNull();
    const request = payloadOf<KeepAliveRequest>(scheduled, 1);
    expect(scheduled[1]?.atMs).toBe(TWO_AM_MS + 160_000 + a.latencyMs);
    at(TWO_AM_MS + 160_000 + a.latencyMs);
    a.instantMs = TWO_AM_MS + 160_000;
    shedlockService.handle(ctx, request, lock);
    expect(ctx.db.lockRow.lockUntilMs).toBe(TWO_AM_MS + 160_000 + a.latencyMs + 5 * MINUTE_MS);
    expect(ctx.grants[0]?.untilClockMs).toBe(ctx.db.lockRow.lockUntilMs);
    expect(logged.at(-1)).toEqual({ node: 'a', kind: 'keepAlive' });
    // Fixed rate: the next run is one period after the previous *scheduled* run, not the late one.
    expect(scheduled[2]?.atMs).toBe(TWO_AM_MS + 300_000);
  });

  it('a failed extend tells the replica it lost the lock', () => {
    const lock = shedlock({ keepAlive: true });
    const { ctx, a, b, scheduled, told, record, at } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    a.grantId = 0;
    shedlockService.granted(ctx, a, lock);
    // An operator frees the row and b takes it before a's first extend.
    at(TWO_AM_MS + MINUTE_MS);
    shedlockService.forceExpire(ctx, lock);
    shedlockService.acquire(ctx, b, lock, TWO_AM_MS + MINUTE_MS, record);
    at(TWO_AM_MS + 150_000);
    shedlockService.handle(ctx, payloadOf<KeepAliveTick>(scheduled, 0), lock);
    at(TWO_AM_MS + 150_000 + a.latencyMs);
    shedlockService.handle(ctx, payloadOf<KeepAliveRequest>(scheduled, 1), lock);
    expect(told).toEqual(['a LOCK_LOST']);
    expect(ctx.db.lockRow.lockedBy).toBe('orders-1');
  });

  it('holds the extend’s answer while the replica is paused and hands it over on resume', () => {
    const lock = shedlock({ keepAlive: true });
    const { ctx, a, scheduled, told, record, at } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    a.grantId = 0;
    shedlockService.granted(ctx, a, lock);
    at(TWO_AM_MS + 150_000);
    shedlockService.handle(ctx, payloadOf<KeepAliveTick>(scheduled, 0), lock);
    a.proc = 'paused';
    at(TWO_AM_MS + 150_000 + a.latencyMs);
    shedlockService.handle(ctx, payloadOf<KeepAliveRequest>(scheduled, 1), lock);
    expect(a.inbox).toHaveLength(1);
    expect(scheduled).toHaveLength(2);
    const held = a.inbox[0];
    if (held?.kind !== 'service') throw new Error('no held keep-alive answer');
    a.proc = 'up';
    shedlockService.heldReply(ctx, a, held.payload as ExtendAnswer, lock);
    expect(told).toEqual([]);
    expect(scheduled[2]?.atMs).toBe(TWO_AM_MS + 300_000);
  });

  it('ends the keep-alive with the run: a tick of the old run does nothing', () => {
    const lock = shedlock({ keepAlive: true });
    const { ctx, a, scheduled, record, at } = fakeNight(lock, shedlockService);
    shedlockService.acquire(ctx, a, lock, TWO_AM_MS, record);
    a.grantId = 0;
    shedlockService.granted(ctx, a, lock);
    shedlockService.runEnded(a, lock);
    at(TWO_AM_MS + 150_000);
    shedlockService.handle(ctx, payloadOf<KeepAliveTick>(scheduled, 0), lock);
    expect(scheduled).toHaveLength(1);
  });

  it('reads the replica’s clock with time: app and mints the token after the load only for afterLoad', () => {
    expect(shedlockService.readsReplicaClock(shedlock({ time: 'app' }))).toBe(true);
    expect(shedlockService.readsReplicaClock(shedlock())).toBe(false);
    expect(shedlockService.mintsTokenAfterLoad(shedlock({ tokenMint: 'afterLoad' }))).toBe(true);
    expect(shedlockService.mintsTokenAfterLoad(shedlock({ tokenMint: 'afterLoad', token: false }))).toBe(false);
  });
});
