import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResolvedReplica } from '../model/resolvedScenario';
import { nextTriggerWallMs } from './triggerSchedule';

const AT_MS = 2 * 3_600_000;
const MINUTE_MS = 60_000;

function replica(triggerEveryMs: number | null, triggerPhaseMs = 0): ResolvedReplica {
  return {
    index: 0,
    id: 'A',
    host: 'orders-0',
    clockOffsetMs: 0,
    clockDriftPpm: 0,
    triggerAtMs: AT_MS,
    triggerEveryMs,
    triggerPhaseMs,
    loadMs: 20_000,
    perItemMs: 30_000,
    markDoneMs: 10_000,
    holderCheck: false,
    onLockLost: 'continue',
  };
}

/** Every trigger instant from the start, by following `nextTriggerWallMs` (at most `count`). */
function instants(config: ResolvedReplica, count: number): number[] {
  const out: number[] = [];
  let afterMs = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < count; index++) {
    const nextMs = nextTriggerWallMs(config, afterMs);
    if (nextMs === null) break;
    out.push(nextMs);
    afterMs = nextMs;
  }
  return out;
}

describe('nextTriggerWallMs', () => {
  it('cron only: fires once at `at`, then never', () => {
    const cron = replica(null);
    expect(nextTriggerWallMs(cron, Number.NEGATIVE_INFINITY)).toBe(AT_MS);
    expect(nextTriggerWallMs(cron, AT_MS - 1)).toBe(AT_MS);
    expect(nextTriggerWallMs(cron, AT_MS)).toBeNull();
    expect(nextTriggerWallMs(cron, AT_MS + 5 * MINUTE_MS)).toBeNull();
  });

  it('treats every = 0 as no retries', () => {
    expect(instants(replica(0), 5)).toEqual([AT_MS]);
  });

  it('phase 0: the poll at `at` and the cron instant fire once together', () => {
    expect(instants(replica(MINUTE_MS, 0), 4)).toEqual([
      AT_MS,
      AT_MS + MINUTE_MS,
      AT_MS + 2 * MINUTE_MS,
      AT_MS + 3 * MINUTE_MS,
    ]);
  });

  it('phase 10 s: cron at `at`, polls at :10, 1:10, 2:10', () => {
    expect(instants(replica(MINUTE_MS, 10_000), 4)).toEqual([AT_MS, AT_MS + 10_000, AT_MS + 70_000, AT_MS + 130_000]);
  });

  it('a negative phase never fires before `at`', () => {
    expect(instants(replica(MINUTE_MS, -20_000), 3)).toEqual([AT_MS, AT_MS + 40_000, AT_MS + 100_000]);
  });

  it('a negative phase of whole periods lands a poll on `at`, which fires once', () => {
    expect(instants(replica(MINUTE_MS, -10 * MINUTE_MS), 3)).toEqual([AT_MS, AT_MS + MINUTE_MS, AT_MS + 2 * MINUTE_MS]);
  });

  it('a phase longer than the period starts polling only at at + phase', () => {
    expect(instants(replica(MINUTE_MS, 5 * MINUTE_MS + 40_000), 3)).toEqual([
      AT_MS,
      AT_MS + 5 * MINUTE_MS + 40_000,
      AT_MS + 6 * MINUTE_MS + 40_000,
    ]);
  });

  it('answers the first instant strictly after a given wall time', () => {
    const polls = replica(MINUTE_MS, 10_000);
    expect(nextTriggerWallMs(polls, AT_MS + 10_000)).toBe(AT_MS + 70_000);
    expect(nextTriggerWallMs(polls, AT_MS + 10_001)).toBe(AT_MS + 70_000);
    expect(nextTriggerWallMs(polls, AT_MS + 69_999)).toBe(AT_MS + 70_000);
    expect(nextTriggerWallMs(polls, AT_MS + 3 * 3_600_000 + 10_000)).toBe(AT_MS + 3 * 3_600_000 + 70_000);
    // Before `at`, the cron instant comes first even when a poll is near.
    expect(nextTriggerWallMs(replica(MINUTE_MS, -1), AT_MS - 2)).toBe(AT_MS);
  });

  it('gives exactly the instants {at} ∪ {at + phase + k·every >= at}, ascending, no repeats (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 * MINUTE_MS }),
        fc.integer({ min: -30 * MINUTE_MS, max: 30 * MINUTE_MS }),
        fc.integer({ min: AT_MS - 60 * MINUTE_MS, max: AT_MS + 60 * MINUTE_MS }),
        (everyMs, phaseMs, afterMs) => {
          const config = replica(everyMs, phaseMs);
          const nextMs = nextTriggerWallMs(config, afterMs);
          // The reference: the smallest member of the set that lies after `afterMs`.
          const candidates = [AT_MS];
          const kFrom = Math.max(0, Math.floor((Math.max(afterMs, AT_MS) - AT_MS - phaseMs) / everyMs) - 1);
          for (let k = kFrom; k < kFrom + 4; k++) {
            const pollMs = AT_MS + phaseMs + k * everyMs;
            if (pollMs >= AT_MS) candidates.push(pollMs);
          }
          const expected = Math.min(...candidates.filter((ms) => ms > afterMs));
          expect(nextMs).toBe(expected);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
