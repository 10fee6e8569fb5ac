/** Every job kind has its job, and a night's job state is plain data a checkpoint can copy. */
import { describe, expect, it } from 'vitest';
import type { JobKind } from '../../model/resolvedScenario';
import { doneTimes, itemName, missedText, safeSummary } from '../readings/jobWords';
import { fakeNight } from './jobContext.testing';
import { jobOf } from './registry';

const KINDS: readonly JobKind[] = ['reconcile', 'outbox', 'digest', 'cleanup'];

describe('job registry', () => {
  it('gives every kind a job whose state survives structuredClone', () => {
    for (const kind of KINDS) {
      const { ctx } = fakeNight({ kind });
      const state = jobOf(kind).createState(ctx.scenario);
      expect(structuredClone(state)).toEqual(state);
      expect(jobOf(kind).lint(ctx.scenario)).toEqual([]);
    }
  });

  it('speaks each job’s words through the jobWords lookups', () => {
    expect(KINDS.map((kind) => itemName(kind, 11))).toEqual(['order 11', 'row 11', 'digest email', 'row 11']);
    expect(KINDS.map((kind) => doneTimes(kind, 11, 3))).toEqual([
      'order 11 applied 3 times',
      'outbox row 11 published 3 times',
      'digest email sent 3 times',
      'expired row 11 deleted 3 times',
    ]);
    expect(safeSummary('outbox')).toBe('no outbox row published twice');
    expect(missedText('outbox', 2, 5)).toBe(
      'not every row published: 2 of 5 outbox rows still unsent and no relay is working on them',
    );
  });
});
