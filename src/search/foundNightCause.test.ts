import { describe, expect, it } from 'vitest';
import { spokenTimeOfNight } from '../model/spokenTime';
import { parseTimeOfNightMs } from '../model/timeOfNight';
import { itemName } from '../sim/readings/jobWords';
import type { GrantRecord, Trace } from '../sim/trace';
import type { FaultKind } from './faultKinds';
import { FAULT_KINDS } from './faultKinds';
import { findFailure, type SearchResult } from './findFailure';
import { presetDocument, recheck } from './search.testing';

/** Searches run hundreds of simulations; the default 5 s per test is for unit tests. */
const SEARCH_TIMEOUT_MS = 120_000;

/**
 * For each fault kind, a design it breaks when searched alone, and the words that tell how
 * it made the holder lose what it relied on (the lock, or for the outbox without a lock, its
 * transaction).
 */
const BROKEN_BY: Readonly<Record<FaultKind, { readonly preset: string; readonly cause: RegExp }>> = {
  pause: { preset: 's03-holder-crashes', cause: /A's lease runs out while it is still at work\./ },
  pauseBeforeWrite: { preset: 's03-holder-crashes', cause: /A's lease runs out while it is still at work\./ },
  crash: { preset: 's16-outbox-skip-locked', cause: /A's transaction, open since [\d:.]+, never commits/ },
  clockJump: { preset: 's03-holder-crashes', cause: /A's lease runs out while it is still at work\./ },
  delayWrite: { preset: 's07-fencing-off', cause: /A's lease runs out while it is still at work\./ },
  partition: { preset: 's13b-partitioned-leader-continues', cause: /A's renewal finds the lock lost while it is/ },
  starveRenewer: { preset: 's13a-partitioned-leader-exits', cause: /A's lease runs out while it is still at work\./ },
  redisFailover: {
    preset: 's10-redis-failover',
    cause: /A Redis replica without A's key is promoted: A loses the lock/,
  },
  killSession: { preset: 's19a-advisory-pause-keeps-it', cause: /A's database session ends and the lock with it/ },
  expireLock: { preset: 's03-holder-crashes', cause: /A loses the lock while it is still at work\./ },
};

type Found = Extract<SearchResult, { found: true }>;

function foundBy(kind: FaultKind): Found {
  const { preset } = BROKEN_BY[kind];
  const result = findFailure(presetDocument(preset), { budget: 300, seed: 1, fresh: true, faults: [kind] });
  if (!result.found || result.addedEventIndices.length === 0) throw new Error(`${kind} breaks nothing in ${preset}`);
  return result;
}

interface Line {
  readonly atMs: number;
  readonly time: string;
  readonly text: string;
}

/** The story's lines ("02:05:00  A's lease runs out ..."), after the paragraph of what was added. */
function storyOf(found: Found): Line[] {
  const [, story = ''] = (found.scenario.description ?? '').split('\n\n');
  return story
    .split('\n')
    .filter((line) => !line.startsWith('... and'))
    .map((line) => {
      const [time = '', text = ''] = line.split(/ {2}(.*)/s);
      const parsed = parseTimeOfNightMs(time);
      if (!parsed.ok) throw new Error(`a story line without its time: ${line}`);
      return { atMs: parsed.value, time, text };
    });
}

/** Index of the first line at `atMs` (spoken) whose text matches; -1 if none. */
function lineAt(story: readonly Line[], atMs: number, text: RegExp): number {
  return story.findIndex((line) => line.time === spokenTimeOfNight(atMs) && text.test(line.text));
}

/** Read off the trace, independently of the story: when a grant stopped being valid. */
function endOf(grant: GrantRecord): number {
  const forced = grant.endMs ?? Number.POSITIVE_INFINITY;
  return grant.expires ? Math.min(forced, grant.intendedEndMs) : forced;
}

/** Grants taken from another replica that never released the lock, with the grant they took over. */
function takeovers(trace: Trace): { before: GrantRecord; after: GrantRecord }[] {
  const grants = [...trace.grants].sort((a, b) => a.grantMs - b.grantMs);
  return grants.flatMap((after, index) => {
    const before = grants[index - 1];
    if (before === undefined || before.replica === after.replica || before.endReason === 'released') return [];
    return [{ before, after }];
  });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe("a found night's story tells what made it break", { timeout: SEARCH_TIMEOUT_MS }, () => {
  it('on the unfenced flagship with a delayed write: the lease running out, the takeover, the stale write, in time order', () => {
    expect(storyOf(foundBy('delayWrite')).map((line) => `${line.time}  ${line.text}`)).toEqual([
      '02:00:00  A takes the lock with token 7.',
      '02:00:50  A sends order 1001; the write arrives 2m21s late.',
      "02:05:00  A's lease runs out while it is still at work.",
      '02:05:10  B takes the lock with token 8 while A still believes it holds it.',
      "02:05:11  A's write of order 1005 with token 7 lands 11s after A lost the lock at 02:05:00 (B holds it since 02:05:10); the storage accepts it.",
      "02:06:00  B's write of order 1005 with token 8 is accepted too: order 1005 applied twice (I3).",
    ]);
  });

  it.each(FAULT_KINDS)(
    '%s: the cause, the takeover, the stale write and the doubled item, read off the trace, in time order',
    (kind) => {
      const found = foundBy(kind);
      const story = storyOf(found);
      const { trace } = recheck(found.scenario);
      const job = found.scenario.job?.kind ?? 'reconcile';

      // Time order, and the kind's own way of taking the lock (or the transaction) away.
      const times = story.map((line) => line.atMs);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(story.map((line) => line.text).join('\n')).toMatch(BROKEN_BY[kind].cause);

      // Each takeover: the earlier holder's loss of the lock is told at its instant, before the taker's grant.
      for (const { before, after } of takeovers(trace)) {
        const lost = lineAt(
          story,
          endOf(before),
          new RegExp(
            `^(${before.replica}'s lease runs out|${before.replica} loses the lock|${before.replica}'s renewal finds the lock lost|${before.replica}'s database session ends|A Redis replica without ${before.replica}'s key)`,
          ),
        );
        const taken = lineAt(story, after.grantMs, new RegExp(`^${after.replica} takes the lock`));
        expect(lost, `${kind}: ${before.replica} losing the lock`).toBeGreaterThanOrEqual(0);
        expect(taken, `${kind}: ${after.replica} taking it`).toBeGreaterThan(lost);
      }

      // The first write that landed after its writer's grant ended is told, with when the grant ended.
      const stale = trace.writes.find((write) =>
        trace.grants.some(
          (grant) =>
            grant.replica === write.replica &&
            grant.grantMs <= write.sentMs &&
            endOf(grant) <= write.atMs &&
            !trace.grants.some(
              (later) =>
                later.replica === write.replica && later.grantMs > grant.grantMs && later.grantMs <= write.sentMs,
            ),
        ),
      );
      if (kind !== 'crash') expect(stale, `${kind}: a write after the lock was lost`).toBeDefined();
      if (stale !== undefined) {
        const grant = trace.grants
          .filter((g) => g.replica === stale.replica && g.grantMs <= stale.sentMs)
          .at(-1) as GrantRecord;
        const said = new RegExp(
          `^${stale.replica}'s write of ${escaped(itemName(job, stale.order))}.* lost the lock at ${escaped(spokenTimeOfNight(endOf(grant)))}`,
        );
        expect(lineAt(story, stale.atMs, said), `${kind}: the stale write`).toBeGreaterThanOrEqual(0);
      }

      // The first item applied twice: every write that applied it, who and when, the last one breaking I3.
      const twice = trace.violations.find((violation) => violation.message.key === 'appliedTimes');
      expect(twice, `${kind}: an item applied twice`).toBeDefined();
      if (twice?.message.key !== 'appliedTimes') return;
      const { order } = twice.message;
      const applied = trace.writes.filter(
        (write) => write.order === order && write.result === 'accepted' && write.atMs <= twice.atMs,
      );
      expect(applied.length).toBeGreaterThanOrEqual(2);
      const told = applied.map((write) =>
        lineAt(story, write.atMs, new RegExp(`^${write.replica}'s write of ${escaped(itemName(job, order))}\\b`)),
      );
      expect(
        told.every((index) => index >= 0),
        `${kind}: ${JSON.stringify(told)}`,
      ).toBe(true);
      expect(told).toEqual([...told].sort((a, b) => a - b));
      expect(story[told.at(-1) as number]?.text).toMatch(/applied twice \(I3\)\.$|published twice \(I3\)\.$/);
    },
  );
});
