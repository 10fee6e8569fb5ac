/**
 * The reconciliation driven through a small fake context (`jobContext.testing.ts`): LOAD reads
 * the orders not applied yet, a write is applied once (or twice without a guard, which I3
 * reports), MARK_DONE records the night.
 */
import { describe, expect, it } from 'vitest';
import { doubleApplyViolations } from '../../invariants';
import { fakeNight, ITEMS } from '../jobContext.testing';
import { reconciliationJob } from './reconciliationJob';

describe('reconciliation job', () => {
  it('loads the orders with no ledger row yet, by order id', () => {
    const { ctx, a, sql, loadRequest, record } = fakeNight({});
    reconciliationJob.write(ctx, null, a, 1, null, record(a));
    expect(reconciliationJob.load(ctx, null, a, loadRequest(a), record(a))).toEqual({
      type: 'SNAPSHOT',
      pending: [0, 2],
    });
    expect(sql.at(-1)).toMatchObject({
      messageId: 1,
      statement: { kind: 'load', orders: [11, 13] },
      rows: 2,
      note: 'loaded',
    });
  });

  it('applies a write once under UNIQUE(order_id, run_date): the second is a duplicate', () => {
    const { ctx, a, b, record } = fakeNight({}, { uniqueKey: true });
    expect(reconciliationJob.write(ctx, null, a, 0, 7, record(a))).toBe('accepted');
    expect(reconciliationJob.write(ctx, null, b, 0, 8, record(b))).toBe('duplicate');
    expect(ctx.db.appliedCount).toEqual([1, 0, 0]);
  });

  it('applies an unguarded write twice, which I3 reports as an order applied twice', () => {
    const { ctx, a, b, record } = fakeNight({});
    const appliedAtMs: number[][] = ITEMS.map(() => []);
    expect(reconciliationJob.write(ctx, null, a, 2, null, record(a))).toBe('accepted');
    appliedAtMs[2]?.push(7_201_000);
    expect(reconciliationJob.write(ctx, null, b, 2, null, record(b))).toBe('accepted');
    appliedAtMs[2]?.push(7_202_000);
    const violations = doubleApplyViolations(
      ITEMS.map((item) => item.order),
      appliedAtMs,
      reconciliationJob.duplicateUnit,
    );
    expect(violations.map((violation) => violation.message)).toEqual([
      { key: 'appliedTimes', order: 13, times: 2, unit: 'order' },
    ]);
    expect(reconciliationJob.words.doneTimes(13, 2)).toBe('order 13 applied twice');
  });

  it('is done once a run marked the night done, whatever was written', () => {
    const { ctx, a, sql, record } = fakeNight({});
    reconciliationJob.write(ctx, null, a, 0, null, record(a));
    expect(reconciliationJob.workLeft(ctx, null)).toEqual({ left: 2, total: 3 });
    reconciliationJob.markDone(ctx, null, a, record(a));
    expect(ctx.db.runDone).toBe(true);
    expect(sql.at(-1)).toMatchObject({ statement: { kind: 'markDone' }, rows: 1, note: 'marked' });
    expect(reconciliationJob.workLeft(ctx, null)).toBeNull();
    expect(reconciliationJob.serviceView(ctx, null)).toBeNull();
  });
});
