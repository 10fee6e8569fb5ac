/**
 * The lease (leader election) service driven through a small fake context
 * (`fakeNight.testing.ts`): each replica's elector tries and renews the Lease record; the job
 * runs only on the leader; a renewal that keeps failing past `renewDeadline` loses the term,
 * and a record left unrenewed for `leaseDuration` is taken over, without building a night.
 */
import { describe, expect, it } from 'vitest';
import type { LeaseConfig, ResolvedReplica } from '../../../model/resolvedScenario';
import { type FakeNight, type FakeProcess, fakeNight, TWO_AM_MS } from '../fakeNight.testing';
import type { ElectorRequest, ElectorTick } from './leaseElector';
import { leaseClientOf } from './leaseRecord';
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

  it('a leader whose renewals fail past renewDeadline loses its term and tells a running job', () => {
    const night = leaseNight();
    const { ctx, a, told, logged } = night;
    iterate(night, a, TWO_AM_MS);
    a.activity = 'computing';
    // Cut off from the API server: each renewal times out (REQUEST_TIMEOUT_MS later).
    night.cut(true);
    iterate(night, a, TWO_AM_MS + 8000);
    expect(leaseClientOf(a).elector.leading).toBe(true);
    expect(logged.at(-1)).toEqual({ node: 'a', kind: 'timeout' });
    iterate(night, a, TWO_AM_MS + 10_000);
    expect(leaseClientOf(a).elector.leading).toBe(false);
    expect(ctx.grants[0]).toMatchObject({ endMs: TWO_AM_MS + 10_000 + 3000, endReason: 'lost' });
    expect(told).toEqual(['a LOCK_LOST']);
  });

  it('with onLockLost exit, an idle leader that loses its term exits', () => {
    const night = leaseNight();
    const { ctx, configs, a, exited } = night;
    configs[0] = { ...(configs[0] as ResolvedReplica), onLockLost: 'exit' };
    const exiting: FakeProcess = a;
    iterate(night, exiting, TWO_AM_MS);
    // b took the record meanwhile (an operator wrote it); a's renewal finds someone else holding.
    leaseRecordOf(ctx).holder = 'b';
    iterate(night, exiting, TWO_AM_MS + 11_000);
    expect(leaseClientOf(exiting).elector.leading).toBe(false);
    expect(exited).toEqual(['a']);
  });
});
