/**
 * The outbox relay driven through a small fake context (`jobContext.testing.ts`): claims with
 * and without row locks, a `FOR UPDATE` claim that waits and is woken by the commit, publishing
 * at least once, and the rollback of a dead relay's transaction.
 */
import { describe, expect, it } from 'vitest';
import type { ReplicaEvent } from '../../../machines/replicaMachine';
import type { AgendaItem } from '../../agenda';
import { doubleApplyViolations } from '../../invariants';
import type { PendingReply } from '../../pendingReply';
import { fakeNight, ITEMS } from '../jobContext.testing';
import { outboxJob } from './outboxJob';
import { RELAY_ROLLBACK_MS } from './outboxRelay';
import type { OutboxStep, OutboxTable } from './outboxTable';

const stepOf = (item: AgendaItem | undefined): OutboxStep => {
  if (item?.kind !== 'job') throw new Error(`not a job step: ${item?.kind}`);
  return item.step as OutboxStep;
};

describe('outbox relay: claims', () => {
  it('claims with SKIP LOCKED: a second relay skips the rows the first one holds', () => {
    const { ctx, a, b, sql, loadRequest, record } = fakeNight({ kind: 'outbox', claim: 'skipLocked', batch: 2 });
    const table = outboxJob.createState(ctx.scenario);
    expect(outboxJob.load(ctx, table, a, loadRequest(a), record(a))).toEqual({ type: 'SNAPSHOT', pending: [0, 1] });
    expect(outboxJob.load(ctx, table, b, loadRequest(b), record(b))).toEqual({ type: 'SNAPSHOT', pending: [2] });
    expect(table.lockedBy).toEqual(['A#0', 'A#0', 'B#0']);
    expect(table.claimedRows).toEqual([[0, 1], [2]]);
    expect(sql.map(({ session, statement, note }) => [session, statement.kind, note])).toEqual([
      ['A#0', 'begin', 'begun'],
      ['A#0', 'outboxClaim', 'loaded'],
      ['B#0', 'begin', 'begun'],
      ['B#0', 'outboxClaim', 'loaded'],
    ]);
  });

  it('claims without row locks: two relays take the same rows and publish them twice (I3)', () => {
    const { ctx, a, b, loadRequest, record, at } = fakeNight({ kind: 'outbox', claim: 'none', batch: 1 });
    const table = outboxJob.createState(ctx.scenario);
    const appliedAtMs: number[][] = ITEMS.map(() => []);
    for (const relay of [a, b]) {
      expect(outboxJob.load(ctx, table, relay, loadRequest(relay), record(relay))).toEqual({
        type: 'SNAPSHOT',
        pending: [0],
      });
    }
    for (const [relay, atMs] of [[a, 7_201_000] as const, [b, 7_202_000] as const]) {
      at(atMs);
      expect(outboxJob.write(ctx, table, relay, 0, null, record(relay))).toBe('accepted');
      appliedAtMs[0]?.push(atMs);
    }
    expect(ctx.db.appliedCount).toEqual([2, 0, 0]);
    const orders = ITEMS.map((item) => item.order);
    expect(doubleApplyViolations(orders, appliedAtMs, outboxJob.duplicateUnit)).toEqual([
      { invariant: 'I3', atMs: 7_202_000, message: { key: 'appliedTimes', order: 11, times: 2, unit: 'row' } },
    ]);
  });
});

describe('outbox relay: FOR UPDATE', () => {
  it('makes a claim wait on a held row, and the commit wakes it at the same instant', () => {
    const { ctx, a, b, sql, logged, scheduled, loadRequest, record } = fakeNight({
      kind: 'outbox',
      claim: 'forUpdate',
      batch: 2,
    });
    const table = outboxJob.createState(ctx.scenario);
    outboxJob.load(ctx, table, a, loadRequest(a), record(a));
    const bLoad = loadRequest(b, 7);
    expect(outboxJob.load(ctx, table, b, bLoad, record(b))).toBeNull();
    expect(table.waiters.map((claim) => [claim.tx, claim.waitingFor, claim.waitingRow])).toEqual([['B#0', 'A#0', 0]]);
    expect(logged).toEqual([
      {
        node: 'db',
        body: {
          kind: 'sqlWait',
          replica: 'B',
          session: 'B#0',
          statement: { kind: 'outboxClaim', mode: 'forUpdate', batch: 2, rows: null },
          row: 1,
          holder: 'A#0',
        },
      },
    ]);

    // A publishes and commits: its rows are sent, its locks released, B's claim woken.
    outboxJob.write(ctx, table, a, 0, null, record(a));
    outboxJob.write(ctx, table, a, 1, null, record(a));
    outboxJob.markDone(ctx, table, a, record(a));
    expect(table.sent).toEqual([true, true, false]);
    expect(table.waiters).toEqual([]);
    expect(table.claimedRows[0]).toEqual([]);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]).toMatchObject({ atMs: ctx.nowMs, eventClass: 2, replicaIndex: -1 });
    expect(scheduled[0]?.item).toMatchObject({ kind: 'job', sameInstant: true });
    expect(structuredClone(scheduled[0]?.item)).toEqual(scheduled[0]?.item);

    // The woken claim re-checks rows 1 and 2 (sent since its snapshot: skipped, kept locked) and takes row 3.
    const answers: [PendingReply, ReplicaEvent][] = [];
    outboxJob.step(ctx, table, stepOf(scheduled[0]?.item), (pending, reply) => answers.push([pending, reply]));
    expect(answers).toEqual([[bLoad, { type: 'SNAPSHOT', pending: [2] }]]);
    expect(table.lockedBy).toEqual(['B#0', 'B#0', 'B#0']);
    expect(table.claimedRows[1]).toEqual([2]);
    expect(sql.filter(({ statement }) => statement.kind === 'outboxCommit').map(({ rows }) => rows)).toEqual([2]);
  });
});

describe('outbox relay: a relay goes down', () => {
  it('rolls its transaction back 5 s later: its rows are unsent and free again, its waiting claim cancelled', () => {
    const { ctx, a, b, sql, scheduled, loadRequest, record, at } = fakeNight({
      kind: 'outbox',
      claim: 'forUpdate',
      batch: 3,
    });
    const table: OutboxTable = outboxJob.createState(ctx.scenario);
    outboxJob.load(ctx, table, a, loadRequest(a), record(a));
    outboxJob.write(ctx, table, a, 0, null, record(a));
    expect(outboxJob.load(ctx, table, b, loadRequest(b), record(b))).toBeNull();

    at(7_210_000);
    outboxJob.replicaDown(ctx, table, b);
    outboxJob.replicaDown(ctx, table, a);
    expect(table.claimedRows).toEqual([[], []]);
    expect(scheduled.map(({ atMs, eventClass, replicaIndex, item }) => [atMs, eventClass, replicaIndex, item])).toEqual(
      [
        [
          7_210_000 + RELAY_ROLLBACK_MS,
          1,
          1,
          { kind: 'job', sameInstant: false, step: { kind: 'rollback', transaction: 'B#0' } },
        ],
        [
          7_210_000 + RELAY_ROLLBACK_MS,
          1,
          0,
          { kind: 'job', sameInstant: false, step: { kind: 'rollback', transaction: 'A#0' } },
        ],
      ],
    );

    at(7_210_000 + RELAY_ROLLBACK_MS);
    const answer = () => {
      throw new Error('a cancelled claim is never answered');
    };
    outboxJob.step(ctx, table, stepOf(scheduled[0]?.item), answer);
    expect(table.waiters).toEqual([]);
    // B held no row: its rollback records nothing.
    expect(sql.some(({ statement }) => statement.kind === 'outboxRollback')).toBe(false);
    outboxJob.step(ctx, table, stepOf(scheduled[1]?.item), answer);
    expect(table.lockedBy).toEqual([null, null, null]);
    expect(table.sent).toEqual([false, false, false]);
    expect(sql.at(-1)).toEqual({
      session: null,
      messageId: null,
      statement: { kind: 'outboxRollback', transaction: 'A#0', rows: [1, 2, 3] },
      rows: 3,
      note: 'rolledBack',
    });
    // What A had published is published again by the next relay: at least once.
    expect(ctx.db.appliedCount).toEqual([1, 0, 0]);
    expect(outboxJob.workLeft(ctx, table)).toEqual({ left: 3, total: 3 });
  });
});

describe('outbox relay: the night’s end', () => {
  it('is done when every row is sent, and shows each row’s state in its lane', () => {
    const { ctx, a, loadRequest, record } = fakeNight({ kind: 'outbox', claim: 'skipLocked', batch: 2 });
    const table = outboxJob.createState(ctx.scenario);
    outboxJob.load(ctx, table, a, loadRequest(a), record(a));
    expect(outboxJob.serviceView(ctx, table)).toEqual({
      kind: 'outbox',
      rows: [
        { state: 'claimed', by: 'A#0' },
        { state: 'claimed', by: 'A#0' },
        { state: 'unsent', by: null },
      ],
    });
    outboxJob.markDone(ctx, table, a, record(a));
    expect(outboxJob.workLeft(ctx, table)).toEqual({ left: 1, total: 3 });
    outboxJob.load(ctx, table, a, loadRequest(a), record(a));
    outboxJob.markDone(ctx, table, a, record(a));
    expect(outboxJob.workLeft(ctx, table)).toBeNull();
    expect(outboxJob.words.doneTimes(11, 2)).toBe('outbox row 11 published twice');
  });
});
