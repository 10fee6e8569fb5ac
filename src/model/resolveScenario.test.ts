import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from './loadScenario';
import type { ResolvedScenario } from './resolvedScenario';

function resolved(fields: Record<string, unknown>): ResolvedScenario {
  const result = loadScenarioValue({ format: 'leaseline/scenario', version: 1, ...fields }, 'test');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

const H = 3_600_000;
const M = 60_000;
const S = 1_000;

describe('resolveScenario fills in the standard night', () => {
  it('from a file with nothing but the header', () => {
    const replica = (index: number, id: string) => ({
      index,
      id,
      host: `orders-${index}`,
      clockOffsetMs: 0,
      clockDriftPpm: 0,
      triggerAtMs: 2 * H,
      triggerEveryMs: null,
      triggerPhaseMs: 0,
      loadMs: 20 * S,
      perItemMs: 30 * S,
      markDoneMs: 10 * S,
      holderCheck: false,
      onLockLost: 'continue',
    });
    expect(resolved({})).toEqual({
      title: '',
      description: '',
      windowFromMs: 2 * H,
      windowToMs: 2 * H + 10 * M,
      replicas: [replica(0, 'A'), replica(1, 'B'), replica(2, 'C')],
      job: {
        kind: 'reconcile',
        items: [
          { order: 1001, amountCents: 500 },
          { order: 1002, amountCents: -250 },
          { order: 1003, amountCents: 500 },
          { order: 1004, amountCents: 1200 },
          { order: 1005, amountCents: -100 },
        ],
        loadMs: 20 * S,
        perItemMs: 30 * S,
        markDoneMs: 10 * S,
        skipIfDone: false,
        claim: 'skipLocked',
        batch: Number.MAX_SAFE_INTEGER,
        sendOrder: 'claimThenSend',
      },
      lock: {
        kind: 'shedlock',
        lockAtMostForMs: 30 * M,
        lockAtLeastForMs: 0,
        time: 'db',
        token: false,
        tokenMint: 'grant',
        keepAlive: false,
      },
      storage: { fencing: 'off', fenceOnAcquire: true, uniqueKey: false, lastToken: 6 },
      events: [],
    });
  });

  it('gives each lock kind its own defaults', () => {
    expect(resolved({ lock: { kind: 'none' } }).lock).toEqual({ kind: 'none' });
    expect(resolved({ lock: { kind: 'advisory' } }).lock).toEqual({ kind: 'advisory' });
    expect(resolved({ lock: { kind: 'lease' } }).lock).toEqual({
      kind: 'lease',
      leaseDurationMs: 15 * S,
      renewDeadlineMs: 10 * S,
      retryPeriodMs: 2 * S,
      token: false,
    });
    expect(resolved({ lock: { kind: 'redis' } }).lock).toEqual({
      kind: 'redis',
      ttlMs: 30 * M,
      release: 'compareAndDelete',
      replica: null,
      token: 'none',
    });
    expect(resolved({ lock: { kind: 'redis', replica: {} } }).lock).toMatchObject({
      replica: { lagMs: 1 * S, promoteAfterMs: 5 * S },
    });
    expect(resolved({ lock: { kind: 'redis', replica: null } }).lock).toMatchObject({ replica: null });
    for (const kind of ['etcd', 'zookeeper'] as const) {
      expect(resolved({ lock: { kind } }).lock).toEqual({ kind, sessionTtlMs: 10 * S, recheckAfterWait: true });
    }
    expect(resolved({ lock: { lockAtMostFor: 'PT5M', keepAlive: true } }).lock).toMatchObject({
      kind: 'shedlock',
      lockAtMostForMs: 5 * M,
      keepAlive: true,
    });
  });

  it('makes replicas exit on a lost lock except under ShedLock, unless told', () => {
    expect(resolved({ lock: { kind: 'lease' } }).replicas.map((r) => r.onLockLost)).toEqual(['exit', 'exit', 'exit']);
    expect(resolved({ lock: { kind: 'lease' }, replicas: [{ onLockLost: 'cancel' }] }).replicas[0]?.onLockLost).toBe(
      'cancel',
    );
  });

  it("lets a replica override the job's step durations, and falls back to them", () => {
    const scenario = resolved({ job: { perItem: '230s', load: '5s' }, replicas: [{ perItem: '1m' }, {}] });
    expect(scenario.replicas.map((r) => [r.loadMs, r.perItemMs, r.markDoneMs])).toEqual([
      [5 * S, 60 * S, 10 * S],
      [5 * S, 230 * S, 10 * S],
    ]);
  });

  it('converts clocks and triggers', () => {
    const [replica] = resolved({
      replicas: [
        {
          id: 'slow',
          host: 'orders-x',
          clock: { offset: '-1m30s', driftPpm: 250 },
          trigger: { at: '02:00:05.5', every: '60s', phase: '10s' },
        },
      ],
    }).replicas;
    expect(replica).toMatchObject({
      id: 'slow',
      host: 'orders-x',
      clockOffsetMs: -90 * S,
      clockDriftPpm: 250,
      triggerAtMs: 2 * H + 5_500,
      triggerEveryMs: 60 * S,
      triggerPhaseMs: 10 * S,
    });
    expect(resolved({ replicas: [{ trigger: { every: null } }] }).replicas[0]?.triggerEveryMs).toBeNull();
  });

  it('gives every event an id and a label, and converts each type', () => {
    const events = resolved({
      events: [
        { type: 'pauseBeforeWrite', replica: 'A', order: 1003, for: '6m' },
        { id: 'j', type: 'clockJump', node: 'db', at: '02:01:00', by: '-2m', label: 'NTP step' },
        { type: 'delayWrite', replica: 'B', order: 1004, by: '90s' },
        { type: 'partition', replica: 'C', from: '02:01:00', to: '02:02:00' },
        { type: 'redisFailover', at: '02:03:00' },
        { type: 'killSession', replica: 'A', at: '02:04:00' },
      ],
    }).events;
    expect(events).toEqual([
      { index: 0, id: 'e0', label: null, type: 'pauseBeforeWrite', replica: 'A', order: 1003, forMs: 6 * M },
      { index: 1, id: 'j', label: 'NTP step', type: 'clockJump', node: 'db', atMs: 2 * H + M, byMs: -2 * M },
      { index: 2, id: 'e2', label: null, type: 'delayWrite', replica: 'B', order: 1004, byMs: 90 * S },
      { index: 3, id: 'e3', label: null, type: 'partition', replica: 'C', fromMs: 2 * H + M, toMs: 2 * H + 2 * M },
      { index: 4, id: 'e4', label: null, type: 'redisFailover', atMs: 2 * H + 3 * M },
      { index: 5, id: 'e5', label: null, type: 'killSession', replica: 'A', atMs: 2 * H + 4 * M },
    ]);
  });
});
