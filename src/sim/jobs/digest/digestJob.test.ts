/**
 * The digest driven through a small fake context (`jobContext.testing.ts`): recorded before
 * sending, the record is the lock; recorded after, two runs that looked first both send.
 */
import { describe, expect, it } from 'vitest';
import { doubleApplyViolations } from '../../invariants';
import { fakeNight } from '../jobContext.testing';
import { digestJob } from './digestJob';

const ONE_EMAIL = [{ order: 1, amountCents: 0 }];

describe('digest job', () => {
  it('claimThenSend: the first LOAD inserts the record and sends; the second finds it and sends nothing', () => {
    const { ctx, a, b, sql, loadRequest, record } = fakeNight({
      kind: 'digest',
      items: ONE_EMAIL,
      sendOrder: 'claimThenSend',
    });
    expect(digestJob.load(ctx, null, a, loadRequest(a), record(a))).toEqual({ type: 'SNAPSHOT', pending: [0] });
    expect(digestJob.load(ctx, null, b, loadRequest(b), record(b))).toEqual({ type: 'SNAPSHOT', pending: [] });
    expect(sql.map(({ statement, rows, note }) => [statement.kind, rows, note])).toEqual([
      ['digestRecord', 1, 'inserted'],
      ['digestRecord', 0, 'duplicate'],
    ]);
    expect(digestJob.write(ctx, null, a, 0, null, record(a))).toBe('accepted');
    expect(digestJob.serviceView(ctx, null)).toEqual({ kind: 'digest', recorded: true, sent: 1 });
    expect(digestJob.workLeft(ctx, null)).toBeNull();
  });

  it('sendThenClaim: two runs that looked before either recorded both send, and I3 sees the email twice', () => {
    const { ctx, a, b, sql, loadRequest, record } = fakeNight({
      kind: 'digest',
      items: ONE_EMAIL,
      sendOrder: 'sendThenClaim',
    });
    const appliedAtMs: number[][] = [[]];
    for (const replica of [a, b]) {
      expect(digestJob.load(ctx, null, replica, loadRequest(replica), record(replica))).toEqual({
        type: 'SNAPSHOT',
        pending: [0],
      });
    }
    for (const [replica, atMs] of [[a, 7_201_000] as const, [b, 7_202_000] as const]) {
      expect(digestJob.write(ctx, null, replica, 0, null, record(replica))).toBe('accepted');
      appliedAtMs[0]?.push(atMs);
      digestJob.markDone(ctx, null, replica, record(replica));
    }
    expect(sql.filter(({ statement }) => statement.kind === 'digestRecord').map(({ note }) => note)).toEqual([
      'inserted',
      'duplicate',
    ]);
    expect(doubleApplyViolations([1], appliedAtMs, digestJob.duplicateUnit).map((v) => v.message)).toEqual([
      { key: 'appliedTimes', order: 1, times: 2, unit: 'email' },
    ]);
    expect(digestJob.words.doneTimes(1, 2)).toBe('digest email sent twice');
  });

  it('is not done when the record is in but nobody sent the email (the sender died)', () => {
    const { ctx, a, loadRequest, record } = fakeNight({ kind: 'digest', items: ONE_EMAIL });
    digestJob.load(ctx, null, a, loadRequest(a), record(a));
    expect(ctx.db.runDone).toBe(true);
    expect(digestJob.workLeft(ctx, null)).toEqual({ left: 1, total: 1 });
  });
});
