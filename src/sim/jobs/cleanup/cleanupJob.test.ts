/**
 * The cleanup driven through a small fake context (`jobContext.testing.ts`): deleting is
 * idempotent, so a second delete of a row matches nothing and nothing is deleted twice.
 */
import { describe, expect, it } from 'vitest';
import { fakeNight } from '../jobContext.testing';
import { cleanupJob } from './cleanupJob';

describe('cleanup job', () => {
  it('deletes a row once: the second delete matches 0 rows and is a duplicate', () => {
    const { ctx, a, b, sql, record } = fakeNight({ kind: 'cleanup' });
    expect(cleanupJob.write(ctx, null, a, 1, null, record(a))).toBe('accepted');
    expect(cleanupJob.write(ctx, null, b, 1, null, record(b))).toBe('duplicate');
    expect(ctx.db.appliedCount).toEqual([0, 1, 0]);
    expect(sql.map(({ statement, rows, note }) => [statement, rows, note])).toEqual([
      [{ kind: 'cleanupDelete', row: 2 }, 1, 'applied'],
      [{ kind: 'cleanupDelete', row: 2 }, 0, 'duplicate'],
    ]);
  });

  it('selects the rows not deleted yet', () => {
    const { ctx, a, sql, loadRequest, record } = fakeNight({ kind: 'cleanup' });
    cleanupJob.write(ctx, null, a, 0, null, record(a));
    expect(cleanupJob.load(ctx, null, a, loadRequest(a), record(a))).toEqual({ type: 'SNAPSHOT', pending: [1, 2] });
    expect(sql.at(-1)).toMatchObject({ statement: { kind: 'cleanupSelect', rows: [2, 3] }, rows: 2 });
    expect(cleanupJob.serviceView(ctx, null)).toEqual({ kind: 'cleanup', deleted: [true, false, false] });
  });

  it('is done when a run marked the night done, and says how many rows were left otherwise', () => {
    const { ctx, a, record } = fakeNight({ kind: 'cleanup' });
    cleanupJob.write(ctx, null, a, 0, null, record(a));
    expect(cleanupJob.workLeft(ctx, null)).toEqual({ left: 2, total: 3 });
    expect(cleanupJob.words.missedText(2, 3)).toBe(
      'cleanup not done: the night was not marked done and no run is in progress (2 of 3 expired rows left)',
    );
    cleanupJob.markDone(ctx, null, a, record(a));
    expect(cleanupJob.workLeft(ctx, null)).toBeNull();
  });
});
