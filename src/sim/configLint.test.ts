import { describe, expect, it } from 'vitest';
import type {
  LockConfig,
  ResolvedReplica,
  ResolvedScenario,
  ResolvedStorage,
  ShedlockConfig,
} from '../model/resolvedScenario';
import { lintConfiguration } from './configLint';
import { reconcileJob } from './reconcileJob.testing';
import { maxClockSkewMs, worstCaseRuntimeMs } from './scenarioBounds';

const MINUTE_MS = 60_000;

function replica(index: number, overrides: Partial<ResolvedReplica> = {}): ResolvedReplica {
  return {
    index,
    id: String.fromCharCode(65 + index),
    host: `orders-${index}`,
    clockOffsetMs: 0,
    clockDriftPpm: 0,
    triggerAtMs: 7_200_000,
    triggerEveryMs: null,
    triggerPhaseMs: 0,
    loadMs: 20_000,
    perItemMs: 30_000,
    markDoneMs: 10_000,
    holderCheck: false,
    onLockLost: 'continue',
    ...overrides,
  };
}

const SHEDLOCK: ShedlockConfig = {
  kind: 'shedlock',
  lockAtMostForMs: 30 * MINUTE_MS,
  lockAtLeastForMs: 0,
  time: 'db',
  token: true,
  tokenMint: 'grant',
  keepAlive: false,
};

function scenario(
  options: { lock?: LockConfig; storage?: Partial<ResolvedStorage>; replicas?: ResolvedReplica[] } = {},
): ResolvedScenario {
  return {
    title: 'lint test',
    description: '',
    windowFromMs: 7_200_000,
    windowToMs: 7_800_000,
    replicas: options.replicas ?? [replica(0), replica(1), replica(2)],
    job: reconcileJob([1001, 1002, 1003, 1004, 1005].map((order) => ({ order, amountCents: 100 }))),
    lock: options.lock ?? SHEDLOCK,
    storage: { fencing: 'job', fenceOnAcquire: true, uniqueKey: false, lastToken: 6, ...options.storage },
    events: [],
  };
}

describe('lintConfiguration (I7)', () => {
  it('finds nothing in the safe recipe (docs/model.md §6.1)', () => {
    expect(lintConfiguration(scenario())).toEqual([]);
  });

  it('flags lockAtLeastFor > lockAtMostFor, which ShedLock rejects (F3)', () => {
    const lock = { ...SHEDLOCK, lockAtMostForMs: 5 * MINUTE_MS, lockAtLeastForMs: 10 * MINUTE_MS };
    expect(lintConfiguration(scenario({ lock }))).toContainEqual({
      key: 'atLeastExceedsAtMost',
      atLeastMs: 10 * MINUTE_MS,
      atMostMs: 5 * MINUTE_MS,
    });
  });

  it('flags lockAtMostFor below the slowest replica’s undisturbed runtime (S04)', () => {
    const slow = replica(0, { perItemMs: 230_000 });
    const lock = { ...SHEDLOCK, lockAtMostForMs: 10 * MINUTE_MS };
    // 20 s load + 5 × 230 s + 10 s mark done = 1 180 s.
    expect(lintConfiguration(scenario({ lock, replicas: [slow, replica(1)] }))).toEqual([
      { key: 'atMostBelowRuntime', atMostMs: 10 * MINUTE_MS, runtimeMs: 1_180_000 },
    ]);
    expect(lintConfiguration(scenario({ lock: { ...lock, lockAtMostForMs: 1_180_000 }, replicas: [slow] }))).toEqual(
      [],
    );
  });

  it('flags lockAtLeastFor below the clock skew between replicas, and not at equality', () => {
    const replicas = [replica(0, { clockOffsetMs: 60_000 }), replica(1), replica(2, { clockOffsetMs: -30_000 })];
    expect(lintConfiguration(scenario({ replicas, lock: { ...SHEDLOCK, lockAtLeastForMs: 60_000 } }))).toEqual([
      { key: 'atLeastBelowSkew', atLeastMs: 60_000, skewMs: 90_000 },
    ]);
    expect(lintConfiguration(scenario({ replicas, lock: { ...SHEDLOCK, lockAtLeastForMs: 90_000 } }))).toEqual([]);
  });

  it('flags KeepAlive with lockAtMostFor under 30 s (F7)', () => {
    const replicas = [replica(0, { loadMs: 1_000, perItemMs: 1_000, markDoneMs: 1_000 })];
    const lock = { ...SHEDLOCK, keepAlive: true, lockAtMostForMs: 29_999 };
    expect(lintConfiguration(scenario({ lock, replicas }))).toEqual([{ key: 'keepAliveTooShort', atMostMs: 29_999 }]);
    expect(lintConfiguration(scenario({ lock: { ...lock, lockAtMostForMs: 30_000 }, replicas }))).toEqual([]);
  });

  it('flags fencing when no token exists: no lab column, or no lock at all', () => {
    expect(lintConfiguration(scenario({ lock: { ...SHEDLOCK, token: false } }))).toEqual([
      { key: 'fencingWithoutToken' },
    ]);
    expect(lintConfiguration(scenario({ lock: { kind: 'none' } }))).toEqual([{ key: 'fencingWithoutToken' }]);
    expect(lintConfiguration(scenario({ lock: { kind: 'none' }, storage: { fencing: 'off' } }))).toEqual([]);
  });
});

describe('worstCaseRuntimeMs and maxClockSkewMs', () => {
  it('take the slowest replica and the widest offset spread', () => {
    const replicas = [
      replica(0, { loadMs: 5_000, clockOffsetMs: -2_000 }),
      replica(1, { markDoneMs: 40_000, clockOffsetMs: 3_000 }),
    ];
    expect(worstCaseRuntimeMs(scenario({ replicas }))).toBe(20_000 + 5 * 30_000 + 40_000);
    expect(maxClockSkewMs(scenario({ replicas }))).toBe(5_000);
    expect(maxClockSkewMs(scenario({ replicas: [] }))).toBe(0);
  });
});
