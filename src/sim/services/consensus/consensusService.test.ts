/**
 * The etcd / ZooKeeper lock service driven through a small fake context
 * (`fakeNight.testing.ts`): keys ordered by revision or sequence, a blocked acquire answered
 * when the lower key goes, sessions that expire without keep-alives and take their keys along,
 * and the re-check after a wait (F16), without building a night.
 */
import { describe, expect, it } from 'vitest';
import type { ConsensusConfig } from '../../../model/resolvedScenario';
import type { PendingReply } from '../../pendingReply';
import { type FakeNight, type FakeProcess, fakeNight, TWO_AM_MS } from '../fakeNight.testing';
import type { KeepAliveRequest, KeepAliveTick } from '../keepAliveTimer';
import type { SessionExpiryCheck, WaiterWake } from './consensusLock';
import { consensusService } from './consensusService';
import { consensusOf } from './consensusStore';

const TTL_MS = 9000;

function consensus(overrides: Partial<ConsensusConfig> = {}): ConsensusConfig {
  return { kind: 'etcd', sessionTtlMs: TTL_MS, recheckAfterWait: true, ...overrides };
}

function consensusNight(lock: ConsensusConfig): FakeNight {
  return fakeNight(lock, consensusService, { endpoint: 'cs' });
}

/** The acquire request of `process`, arrived now, as the kernel hands it over. */
function pendingAcquire(night: FakeNight, process: FakeProcess): PendingReply {
  return {
    request: {
      kind: 'request',
      replica: process.index,
      incarnation: process.incarnation,
      messageId: 1,
      request: { kind: 'acquire' },
      sentInstantMs: night.ctx.nowMs,
      extraMs: 0,
    },
    arrivedMs: night.ctx.nowMs,
  };
}

function acquire(night: FakeNight, process: FakeProcess, lock: ConsensusConfig) {
  const acquireOwed = consensusService.acquireOwed;
  if (!acquireOwed) throw new Error('the consensus lock blocks: it takes the acquire as an owed reply');
  process.instantMs = night.ctx.nowMs;
  return acquireOwed(night.ctx, process, lock, pendingAcquire(night, process));
}

/** The service items scheduled so far of one kind, with when they fall due. */
function itemsOf<P extends { readonly kind: string }>(
  night: FakeNight,
  kind: P['kind'],
): { atMs: number; payload: P }[] {
  return night.scheduled.flatMap(({ atMs, item }) =>
    item.kind === 'service' && item.payload.kind === kind ? [{ atMs, payload: item.payload as P }] : [],
  );
}

describe('consensus lock service', () => {
  it('grants the lowest key with its revision as the token; the next acquire waits', () => {
    const lock = consensus();
    const night = consensusNight(lock);
    const { ctx, a, b, record } = night;
    expect(acquire(night, a, lock)).toEqual({ type: 'GRANTED', token: 7 });
    expect(acquire(night, b, lock)).toBeNull();
    expect(consensusOf(ctx).keys.map((key) => key.number)).toEqual([7, 8]);
    expect(consensusOf(ctx).waiters).toMatchObject([{ replica: 1, ownNumber: 8 }]);
    expect(ctx.grants).toMatchObject([{ replica: 'a', token: 7, expires: false }]);
    expect(consensusService.isHolder(ctx, a, lock, 0, record)).toBe(true);
    expect(consensusService.isHolder(ctx, b, lock, 0, record)).toBe(false);
    // Each new session is watched by the server and kept alive by its replica.
    expect(itemsOf<SessionExpiryCheck>(night, 'consensusExpiry').map(({ payload }) => payload.session)).toEqual([
      'a#0',
      'b#0',
    ]);
    expect(itemsOf<KeepAliveTick>(night, 'keepAliveTick').map(({ atMs }) => atMs)).toEqual([
      TWO_AM_MS + TTL_MS / 3,
      TWO_AM_MS + TTL_MS / 3,
    ]);
  });

  it('wakes the waiter when the lower key is released, and answers its acquire', () => {
    const lock = consensus();
    const night = consensusNight(lock);
    const { ctx, a, b, record, at } = night;
    acquire(night, a, lock);
    acquire(night, b, lock);
    at(TWO_AM_MS + 1000);
    expect(consensusService.release(ctx, a, lock, 0, record)).toEqual({ type: 'RELEASED' });
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 1000, endReason: 'released' });
    // etcd's revision counts the delete too.
    expect(consensusOf(ctx).counter).toBe(9);
    const [wake] = itemsOf<WaiterWake>(night, 'consensusWake');
    if (!wake) throw new Error('the waiter was not woken');
    expect(wake.atMs).toBe(TWO_AM_MS + 1000);
    const owed = consensusService.handle(ctx, wake.payload, lock);
    expect(owed?.reply).toEqual({ type: 'GRANTED', token: 8 });
    expect(owed?.pending.request.replica).toBe(1);
    expect(ctx.grants[1]).toMatchObject({ replica: 'b', token: 8 });
  });

  it('a ZooKeeper sequence counts creates only', () => {
    const lock = consensus({ kind: 'zookeeper' });
    const night = consensusNight(lock);
    acquire(night, night.a, lock);
    consensusService.release(night.ctx, night.a, lock, 0, night.record);
    expect(acquire(night, night.b, lock)).toEqual({ type: 'GRANTED', token: 8 });
  });

  it('a session without keep-alives expires after its TTL, its key and grant with it', () => {
    const lock = consensus();
    const night = consensusNight(lock);
    const { ctx, a, b, sql, at } = night;
    acquire(night, a, lock);
    acquire(night, b, lock);
    const [check] = itemsOf<SessionExpiryCheck>(night, 'consensusExpiry');
    if (!check) throw new Error('no expiry check');
    expect(check.atMs).toBe(TWO_AM_MS + TTL_MS);
    at(check.atMs);
    consensusService.handle(ctx, check.payload, lock);
    expect(sql.at(-1)).toMatchObject({ statement: { kind: 'consensusSessionExpired', session: 'a#0' } });
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + TTL_MS, endReason: 'sessionEnded' });
    expect(consensusOf(ctx).keys.map((key) => key.session)).toEqual(['b#0']);
    expect(itemsOf<WaiterWake>(night, 'consensusWake')).toHaveLength(1);
  });

  it('a keep-alive refreshes the session, so the expiry check passes it by', () => {
    const lock = consensus();
    const night = consensusNight(lock);
    const { ctx, a, at } = night;
    acquire(night, a, lock);
    const [tick] = itemsOf<KeepAliveTick>(night, 'keepAliveTick');
    if (!tick) throw new Error('no keep-alive tick');
    at(tick.atMs);
    consensusService.handle(ctx, tick.payload, lock);
    const [request] = itemsOf<KeepAliveRequest>(night, 'keepAliveRequest');
    if (!request) throw new Error('no keep-alive sent');
    at(request.atMs);
    consensusService.handle(ctx, request.payload, lock);
    expect(consensusOf(ctx).sessions['a#0']).toBe(request.atMs + TTL_MS);
    at(TWO_AM_MS + TTL_MS);
    const [check] = itemsOf<SessionExpiryCheck>(night, 'consensusExpiry');
    if (!check) throw new Error('no expiry check');
    consensusService.handle(ctx, check.payload, lock);
    expect(ctx.grants[0]?.endMs).toBeNull();
    // The answer schedules the next keep-alive.
    expect(itemsOf<KeepAliveTick>(night, 'keepAliveTick')).toHaveLength(2);
  });

  it('a keep-alive that finds its session gone tells a running job it lost the lock, and the next acquire opens a new session', () => {
    const lock = consensus();
    const night = consensusNight(lock);
    const { ctx, a, told, at } = night;
    acquire(night, a, lock);
    a.activity = 'computing';
    at(TWO_AM_MS + TTL_MS);
    const [check] = itemsOf<SessionExpiryCheck>(night, 'consensusExpiry');
    if (!check) throw new Error('no expiry check');
    consensusService.handle(ctx, check.payload, lock);
    // The replica was paused past its TTL; its overdue keep-alive goes out on resume.
    consensusService.resumeTimer(ctx, a, lock);
    const [request] = itemsOf<KeepAliveRequest>(night, 'keepAliveRequest');
    if (!request) throw new Error('no keep-alive sent');
    at(request.atMs);
    consensusService.handle(ctx, request.payload, lock);
    expect(told).toEqual(['a LOCK_LOST']);
    expect(a.session).toBe('a#1');
  });

  it('with the re-check, a waiter whose session expired while it waited is denied (etcd 3.4.3 was not: F16)', () => {
    for (const recheckAfterWait of [true, false]) {
      const lock = consensus({ recheckAfterWait });
      const night = consensusNight(lock);
      const { ctx, a, b, record, at } = night;
      acquire(night, a, lock);
      at(TWO_AM_MS + 1000);
      acquire(night, b, lock);
      // b's session expires while it waits (its keep-alives do not get through).
      at(TWO_AM_MS + 1000 + TTL_MS);
      const checks = itemsOf<SessionExpiryCheck>(night, 'consensusExpiry');
      const bCheck = checks.find(({ payload }) => payload.session === 'b#0');
      if (!bCheck) throw new Error('no expiry check of b');
      consensusService.handle(ctx, bCheck.payload, lock);
      expect(consensusOf(ctx).keys.map((key) => key.session)).toEqual(['a#0']);
      consensusService.release(ctx, a, lock, 0, record);
      const [wake] = itemsOf<WaiterWake>(night, 'consensusWake');
      if (!wake) throw new Error('the waiter was not woken');
      const owed = consensusService.handle(ctx, wake.payload, lock);
      expect(owed?.reply).toEqual(recheckAfterWait ? { type: 'DENIED' } : { type: 'GRANTED', token: 8 });
    }
  });

  it('a ZooKeeper waiter whose session expired is not woken by the lower node going (its watch ended with its session) but when its client hears of the expiry', () => {
    const lock = consensus({ kind: 'zookeeper' });
    const night = consensusNight(lock);
    const { ctx, a, b, record, at } = night;
    acquire(night, a, lock);
    at(TWO_AM_MS + 1000);
    acquire(night, b, lock);
    at(TWO_AM_MS + 1000 + TTL_MS);
    const bCheck = itemsOf<SessionExpiryCheck>(night, 'consensusExpiry').find(
      ({ payload }) => payload.session === 'b#0',
    );
    if (!bCheck) throw new Error('no expiry check of b');
    consensusService.handle(ctx, bCheck.payload, lock);
    consensusService.release(ctx, a, lock, 0, record);
    expect(itemsOf<WaiterWake>(night, 'consensusWake')).toEqual([]);
    // b's overdue ping goes out on resume and finds its session gone: the Expired event wakes it.
    consensusService.resumeTimer(ctx, b, lock);
    const request = itemsOf<KeepAliveRequest>(night, 'keepAliveRequest').find(
      ({ payload }) => payload.replica === b.index,
    );
    if (!request) throw new Error('no keep-alive of b');
    at(request.atMs);
    consensusService.handle(ctx, request.payload, lock);
    const [wake] = itemsOf<WaiterWake>(night, 'consensusWake');
    if (!wake) throw new Error('the waiter was not woken by its expiry');
    expect(consensusService.handle(ctx, wake.payload, lock)?.reply).toEqual({ type: 'DENIED' });
  });

  it('records the requests a real etcd client sends: the session lease once, the re-check of a woken waiter, the release of its own key', () => {
    const lock = consensus();
    const night = consensusNight(lock);
    const { ctx, a, b, sql, record } = night;
    acquire(night, a, lock);
    acquire(night, b, lock);
    consensusService.release(ctx, a, lock, 0, record);
    const [wake] = itemsOf<WaiterWake>(night, 'consensusWake');
    if (!wake) throw new Error('the waiter was not woken');
    consensusService.handle(ctx, wake.payload, lock);
    expect(
      sql.map(({ statement, rows, note }) => [statement.kind, 'session' in statement && statement.session, rows, note]),
    ).toEqual([
      ['consensusLeaseGrant', 'a#0', 1, 'granted'],
      ['consensusCreate', 'a#0', 1, 'granted'],
      ['consensusLeaseGrant', 'b#0', 1, 'granted'],
      ['consensusCreate', 'b#0', 1, 'queued'],
      ['consensusDelete', 'a#0', 1, 'released'],
      ['consensusRecheck', 'b#0', 1, 'holder'],
    ]);
    // A second acquire in the same session grants no new lease.
    acquire(night, a, lock);
    expect(sql.filter(({ statement }) => statement.kind === 'consensusLeaseGrant')).toHaveLength(2);
  });

  it('a release after a lost session deletes the key its acquire created, not one of its new session', () => {
    const lock = consensus();
    const night = consensusNight(lock);
    const { ctx, a, sql, record } = night;
    acquire(night, a, lock);
    // The process hears its session is gone and takes a new one (sessionKeepAlive.ts).
    a.session = 'a#1';
    consensusService.release(ctx, a, lock, 0, record);
    expect(sql.at(-1)).toMatchObject({ statement: { kind: 'consensusDelete', session: 'a#0' }, rows: 1 });
  });

  it('an etcd session lives as long as the lease etcd grants: whole seconds, at least 2 s; ZooKeeper’s as configured', () => {
    for (const [lock, expiresAfterMs] of [
      [consensus({ sessionTtlMs: 2500 }), 3000],
      [consensus({ sessionTtlMs: 1000 }), 2000],
      [consensus({ kind: 'zookeeper', sessionTtlMs: 2500 }), 2500],
    ] as const) {
      const night = consensusNight(lock);
      acquire(night, night.a, lock);
      expect(itemsOf<SessionExpiryCheck>(night, 'consensusExpiry').map(({ atMs }) => atMs - TWO_AM_MS)).toEqual([
        expiresAfterMs,
      ]);
    }
  });

  it('forced expiry revokes the holder’s session and wakes the next waiter', () => {
    const lock = consensus();
    const night = consensusNight(lock);
    const { ctx, a, b, at } = night;
    acquire(night, a, lock);
    acquire(night, b, lock);
    at(TWO_AM_MS + 2000);
    consensusService.forceExpire(ctx, lock);
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 2000, endReason: 'sessionEnded' });
    expect(consensusOf(ctx).sessions['a#0']).toBeUndefined();
    expect(itemsOf<WaiterWake>(night, 'consensusWake')).toHaveLength(1);
  });

  it('shows the keys in order on its lane', () => {
    const lock = consensus();
    const night = consensusNight(lock);
    acquire(night, night.b, lock);
    acquire(night, night.a, lock);
    expect(consensusService.serviceView(night.ctx, lock)).toEqual({
      kind: 'keys',
      flavor: 'etcd',
      keys: [
        { replica: 'b', session: 'b#0', number: 7 },
        { replica: 'a', session: 'a#0', number: 8 },
      ],
    });
  });
});
