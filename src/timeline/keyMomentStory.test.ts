import { describe, expect, it } from 'vitest';
import type { KeyMoment } from '../sim/readings/keyMoments';
import { describeDefaults } from './describeDefaults';
import { keyMomentStory, STORY_WRITES_MAX, storyMoments } from './keyMomentStory';

const write = (order: number, outcome: 'appliedAgain' | 'stale', atMs: number): KeyMoment => ({
  key: `write:A:${order}`,
  kind: 'write',
  atMs,
  replica: 'A',
  priority: 3,
  job: 'reconcile',
  writeId: order,
  order,
  token: 7,
  outcome,
  times: outcome === 'appliedAgain' ? 2 : 0,
  highestToken: outcome === 'stale' ? 8 : null,
});

const HOUR = 2 * 3600 * 1000;

describe('a story told from key moments', () => {
  it('tells the first writes and the first of each outcome, and counts the rest', () => {
    const doubled = [1001, 1002, 1003, 1004, 1005].map((order, index) => write(order, 'appliedAgain', HOUR + index));
    const rejectedLast = write(1006, 'stale', HOUR + 10);
    const { told, moreWrites } = storyMoments([...doubled, rejectedLast]);
    expect(told.map((moment) => moment.kind === 'write' && moment.order)).toEqual([1001, 1002, 1003, 1006]);
    expect(moreWrites).toBe(2);
    expect(STORY_WRITES_MAX).toBe(3);
  });

  it('leaves out details (priority 1) and says so when nothing is left', () => {
    const release: KeyMoment = {
      key: 'release:B:0',
      kind: 'release',
      atMs: HOUR,
      replica: 'B',
      priority: 1,
      lock: 'shedlock',
    };
    expect(storyMoments([release]).told).toEqual([]);
    expect(keyMomentStory([release], describeDefaults)).toEqual([
      'Nothing on this night is a key moment: no lock changes hands and no write goes wrong.',
    ]);
  });

  it('gives a moment its time unless its sentence says it, and ends with what it left out', () => {
    const expiry: KeyMoment = {
      key: 'leaseExpires:A:0',
      kind: 'leaseExpires',
      atMs: HOUR + 5 * 60_000,
      replica: 'A',
      priority: 3,
      lock: 'shedlock',
      holderStillRunning: true,
    };
    const writes = [1003, 1004, 1005, 1006].map((order, index) =>
      write(order, 'appliedAgain', HOUR + 7 * 60_000 + index * 30_000),
    );
    expect(keyMomentStory([expiry, ...writes], describeDefaults)).toEqual([
      "A's lease expires at 02:05:00.",
      '02:07:00: #1003 applied twice.',
      '02:07:30: #1004 applied twice.',
      '02:08:00: #1005 applied twice.',
      'One more write like these is on the chart.',
    ]);
  });
});
