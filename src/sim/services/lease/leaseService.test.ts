/**
 * The lease (leader election) service driven through a small fake context
 * (`fakeNight.testing.ts`): each replica's elector tries and renews the Lease record; the job
 * runs only on the leader; a renew iteration that has not renewed by its `renewDeadline` (from
 * when it ran) loses the term for good, and a record left unrenewed for `leaseDuration` is taken
 * over, without building a night.
 */
import { describe, expect, it } from 'vitest';
import type { LeaseConfig, ResolvedReplica } from '../../../model/resolvedScenario';
import { type FakeNight, type FakeProcess, fakeNight, TWO_AM_MS } from '../fakeNight.testing';
import type { ElectorRequest, ElectorTick } from './leaseElector';
import { leaseClientOf } from './leaseRecord';
import type { ElectorDeadline } from './leaseRenewal';
import { leaseService } from './leaseService';
import { leaseRecordOf } from './leaseState';

const LOCK: LeaseConfig = {
  kind: 'lease',
  leaseDurationMs: 15_000,
  renewDeadlineMs: 10_000,
  retryPeriodMs: 2_000,
  token: true,
};

function leaseNight(): FakeNight {
  return fakeNight(LOCK, leaseService, { endpoint: 'api' });
}

/** One elector iteration of `process` at `atMs`: its tick, then its request at the API server. */
function iterate(night: FakeNight, process: FakeProcess, atMs: number): void {
  night.at(atMs);
  const tick: ElectorTick = {
    kind: 'electorTick',
    replica: process.index,
    generation: leaseClientOf(process).elector.generation,
    dueWallMs: atMs,
  };
  leaseService.handle(night.ctx, tick, LOCK);
  const sent = night.scheduled.at(-1);
  if (sent?.item.kind !== 'service' || sent.item.payload.kind !== 'electorRequest') throw new Error('no request sent');
  night.at(sent.atMs);
  leaseService.handle(night.ctx, sent.item.payload as ElectorRequest, LOCK);
}

/** The renew-deadline timers scheduled so far, as `atMs iteration`. */
function deadlines(night: FakeNight): string[] {
  return night.scheduled.flatMap(({ atMs, item }) =>
    item.kind === 'service' && item.payload.kind === 'electorDeadline'
      ? [`${atMs} ${(item.payload as ElectorDeadline).iteration}`]
      : [],
  );
}

/** Fires the last renew-deadline timer scheduled, at its time. */
function fireDeadline(night: FakeNight): void {
  const timer = night.scheduled.findLast(
    ({ item }) => item.kind === 'service' && item.payload.kind === 'electorDeadline',
  );
  if (timer?.item.kind !== 'service') throw new Error('no deadline scheduled');
  night.at(timer.atMs);
  leaseService.handle(night.ctx, timer.item.payload as ElectorDeadline, LOCK);
}

describe('lease lock service', () => {
  it('starts each replica’s elector at its trigger, on its own clock', () => {
    const { ctx, a, scheduled } = leaseNight();
    leaseService.replicaStarted(ctx, a, LOCK);
    expect(scheduled).toEqual([
      {
        atMs: TWO_AM_MS,
        replicaIndex: 0,
        item: { kind: 'service', payload: { kind: 'electorTick', replica: 0, generation: 0, dueWallMs: TWO_AM_MS } },
      },
    ]);
  });

  it('the first elector takes the free lease with the next epoch token; the job runs only on the leader', () => {
    const night = leaseNight();
    const { ctx, a, b, record } = night;
    iterate(night, a, TWO_AM_MS);
    expect(leaseClientOf(a).elector.leading).toBe(true);
    expect(leaseRecordOf(ctx)).toMatchObject({ holder: 'a', transitions: 7 });
    expect(ctx.grants).toHaveLength(1);
    expect(ctx.grants[0]).toMatchObject({ replica: 'a', token: 7, untilClockMs: TWO_AM_MS + 2 + 15_000 });
    expect(leaseService.acquire(ctx, a, LOCK, 0, record)).toEqual({ type: 'GRANTED', token: 7 });
    expect(leaseService.acquire(ctx, b, LOCK, 0, record)).toEqual({ type: 'DENIED' });
    expect(leaseService.isHolder(ctx, a, LOCK, 0, record)).toBe(true);
    expect(leaseService.isHolder(ctx, b, LOCK, 0, record)).toBe(false);
  });

  it('a renewal moves the record’s renewTime and the term’s end', () => {
    const night = leaseNight();
    const { ctx, a } = night;
    iterate(night, a, TWO_AM_MS);
    iterate(night, a, TWO_AM_MS + 2000);
    expect(leaseRecordOf(ctx).renewTimeMs).toBe(TWO_AM_MS + 2002);
    expect(ctx.grants).toHaveLength(1);
    expect(ctx.grants[0]?.untilClockMs).toBe(TWO_AM_MS + 2002 + 15_000);
  });

  it('a candidate waits leaseDuration from when it last saw the record change, then takes over', () => {
    const night = leaseNight();
    const { ctx, a, b, sql } = night;
    iterate(night, a, TWO_AM_MS);
    iterate(night, b, TWO_AM_MS + 1000);
    expect(sql.at(-1)).toMatchObject({ statement: { kind: 'leaseGet', holder: 'a' }, note: 'denied' });
    // a stops renewing (it crashed: its elector is gone); b saw the record last change at 02:00:01.
    leaseService.replicaDown(ctx, a, LOCK);
    iterate(night, b, TWO_AM_MS + 15_000);
    iterate(night, b, TWO_AM_MS + 16_000);
    expect(leaseClientOf(b).elector.leading).toBe(true);
    expect(leaseRecordOf(ctx)).toMatchObject({ holder: 'b', transitions: 8 });
    expect(ctx.grants[1]).toMatchObject({ replica: 'b', token: 8 });
  });

  it('a renew iteration starts at the tick that runs it and gives up renewDeadline later, not at a failed renewal', () => {
    const night = leaseNight();
    const { ctx, a, told, logged } = night;
    iterate(night, a, TWO_AM_MS);
    a.activity = 'computing';
    // The acquire was the first success: no iteration runs until the next tick.
    expect(deadlines(night)).toEqual([]);
    // Cut off from the API server: each renewal times out (REQUEST_TIMEOUT_MS later).
    night.cut(true);
    iterate(night, a, TWO_AM_MS + 2000);
    expect(deadlines(night)).toEqual([`${TWO_AM_MS + 12_000} 1`]);
    expect(logged.at(-1)).toEqual({ node: 'a', kind: 'timeout' });
    iterate(night, a, TWO_AM_MS + 10_000);
    // Still the same iteration: 8 s of failures are within its deadline.
    expect(deadlines(night)).toHaveLength(1);
    expect(leaseClientOf(a).elector.leading).toBe(true);
    fireDeadline(night);
    expect(leaseClientOf(a).elector).toMatchObject({ leading: false, stopped: true });
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 12_000, endReason: 'lost' });
    expect(told).toEqual(['a LOCK_LOST']);
  });

  it('a renewal refused because another holds the record does not stop the leader before its deadline', () => {
    const night = leaseNight();
    const { ctx, a } = night;
    iterate(night, a, TWO_AM_MS);
    leaseRecordOf(ctx).holder = 'b';
    iterate(night, a, TWO_AM_MS + 2000);
    iterate(night, a, TWO_AM_MS + 4000);
    expect(leaseClientOf(a).elector.leading).toBe(true);
    expect(leaseService.acquire(ctx, a, LOCK, 0, night.record).type).toBe('GRANTED');
    fireDeadline(night);
    expect(ctx.nowMs).toBe(TWO_AM_MS + 12_000);
    expect(leaseClientOf(a).elector.leading).toBe(false);
  });

  it('a success ends the iteration: its deadline timer then does nothing, and the next tick starts a new one', () => {
    const night = leaseNight();
    const { ctx, a } = night;
    iterate(night, a, TWO_AM_MS);
    iterate(night, a, TWO_AM_MS + 2000);
    expect(leaseClientOf(a).elector.iterationDeadlineMonoMs).toBeNull();
    fireDeadline(night);
    expect(leaseClientOf(a).elector.leading).toBe(true);
    expect(ctx.grants[0]?.endMs).toBeNull();
    iterate(night, a, TWO_AM_MS + 4000);
    expect(deadlines(night)).toEqual([`${TWO_AM_MS + 12_000} 1`, `${TWO_AM_MS + 14_000} 2`]);
  });

  it('an iteration that fell due during a pause starts at the resume: the woken leader leads renewDeadline more', () => {
    const night = leaseNight();
    const { ctx, a, b } = night;
    iterate(night, a, TWO_AM_MS);
    // a pauses; b takes the record while it sleeps (its lease ran out).
    a.proc = 'paused';
    night.at(TWO_AM_MS + 2000);
    leaseService.handle(ctx, { kind: 'electorTick', replica: 0, generation: 0, dueWallMs: TWO_AM_MS + 2000 }, LOCK);
    expect(a.overdue).toEqual([{ kind: 'service', dueMs: TWO_AM_MS + 2000 }]);
    leaseRecordOf(ctx).holder = 'b';
    // a resumes at 02:01:00: the overdue tick starts the iteration now, not at 02:00:02.
    a.proc = 'up';
    night.at(TWO_AM_MS + 60_000);
    a.instantMs = TWO_AM_MS + 60_000;
    leaseService.resumeTimer(ctx, a, LOCK);
    expect(deadlines(night)).toEqual([`${TWO_AM_MS + 70_000} 1`]);
    expect(leaseClientOf(a).elector.leading).toBe(true);
    expect(leaseService.isHolder(ctx, a, LOCK, 0, night.record)).toBe(true);
    expect(leaseService.isHolder(ctx, b, LOCK, 0, night.record)).toBe(false);
    fireDeadline(night);
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 70_000, endReason: 'lost' });
  });

  it('a deadline that passes during a pause stops the leader at the resume, before it tries again', () => {
    const night = leaseNight();
    const { ctx, a, sql } = night;
    iterate(night, a, TWO_AM_MS);
    night.cut(true);
    iterate(night, a, TWO_AM_MS + 2000);
    a.proc = 'paused';
    fireDeadline(night);
    expect(leaseClientOf(a).elector.leading).toBe(true);
    expect(a.overdue).toEqual([{ kind: 'service', dueMs: TWO_AM_MS + 12_000 }]);
    night.cut(false);
    a.proc = 'up';
    night.at(TWO_AM_MS + 30_000);
    a.instantMs = TWO_AM_MS + 30_000;
    const statements = sql.length;
    leaseService.resumeTimer(ctx, a, LOCK);
    expect(leaseClientOf(a).elector).toMatchObject({ leading: false, stopped: true });
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 30_000, endReason: 'lost' });
    expect(sql).toHaveLength(statements);
  });

  it('a deadline that falls due while the renewer is starved is met when the span ends', () => {
    const night = leaseNight();
    const { ctx, a, scheduled } = night;
    iterate(night, a, TWO_AM_MS);
    night.cut(true);
    iterate(night, a, TWO_AM_MS + 2000);
    const span = { fromMs: TWO_AM_MS + 11_000, toMs: TWO_AM_MS + 20_000 };
    const starved: typeof ctx.isStarved = (_process, atMs) => (atMs >= span.fromMs && atMs < span.toMs ? span : null);
    Object.assign(ctx, { isStarved: starved });
    fireDeadline(night);
    expect(leaseClientOf(a).elector.leading).toBe(true);
    expect(scheduled.at(-1)?.atMs).toBe(span.toMs);
    fireDeadline(night);
    expect(ctx.grants[0]).toMatchObject({ endMs: span.toMs, endReason: 'lost' });
  });

  it('STOPPED is final: the elector sends nothing more and a request abandoned at the deadline is not heard', () => {
    const night = leaseNight();
    const { ctx, a, logged, scheduled } = night;
    iterate(night, a, TWO_AM_MS);
    night.cut(true);
    iterate(night, a, TWO_AM_MS + 2000);
    night.at(TWO_AM_MS + 10_000);
    leaseService.handle(ctx, { kind: 'electorTick', replica: 0, generation: 0, dueWallMs: TWO_AM_MS + 10_000 }, LOCK);
    const inFlight = scheduled.at(-1)?.item;
    if (inFlight?.kind !== 'service' || inFlight.payload.kind !== 'electorRequest') throw new Error('no request');
    fireDeadline(night);
    const heard = logged.length;
    // The request sent at 02:00:10 would time out at 02:00:13: the cancelled iteration no longer waits.
    night.at(TWO_AM_MS + 13_000);
    leaseService.handle(ctx, inFlight.payload as ElectorRequest, LOCK);
    expect(logged).toHaveLength(heard);
    const items = scheduled.length;
    night.cut(false);
    night.at(TWO_AM_MS + 14_000);
    leaseService.handle(ctx, { kind: 'electorTick', replica: 0, generation: 0, dueWallMs: TWO_AM_MS + 14_000 }, LOCK);
    expect(scheduled).toHaveLength(items);
    expect(leaseRecordOf(ctx).holder).toBe('a');
  });

  it('with onLockLost exit, an idle leader that loses its term exits at its deadline', () => {
    const night = leaseNight();
    const { ctx, configs, a, exited } = night;
    configs[0] = { ...(configs[0] as ResolvedReplica), onLockLost: 'exit' };
    const exiting: FakeProcess = a;
    iterate(night, exiting, TWO_AM_MS);
    // b took the record meanwhile (an operator wrote it); a's renewal finds someone else holding.
    leaseRecordOf(ctx).holder = 'b';
    iterate(night, exiting, TWO_AM_MS + 2000);
    expect(exited).toEqual([]);
    fireDeadline(night);
    expect(leaseClientOf(exiting).elector.leading).toBe(false);
    expect(exited).toEqual(['a']);
  });
});
