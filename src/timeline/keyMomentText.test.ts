import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import { keyMoments } from '../sim/readings/keyMoments';
import { describeDefaults } from './describeDefaults';
import { keyMomentSentence, keyMomentShort, momentTime } from './keyMomentText';
import { formatTime } from './timeText';

/** `time  sentence` per key moment of a preset, the time to the millisecond. */
function story(id: string): string[] {
  const { trace, scenario } = runPreset(id);
  return keyMoments(trace, scenario).map(
    (moment) => `${formatTime(moment.atMs)}  ${keyMomentSentence(moment, describeDefaults)}`,
  );
}

describe('key moments, in words', () => {
  it('tell the flagship without fencing: the pause, the expiry, the takeover, the wake and the doubled orders', () => {
    expect(story('s07-fencing-off')).toEqual([
      '02:00:00.002  A acquires the lock, token 7',
      '02:01:30  A pauses at 02:01:30 while holding the lock',
      "02:05:00.002  A's lease expires at 02:05:00",
      '02:05:10.003  B takes over with token 8',
      '02:07:10.003  B releases the lock',
      '02:07:30  A wakes at 02:07:30 and still believes it holds the lock',
      '02:07:50.002  #1003 applied twice',
      '02:08:20.002  #1004 applied twice',
      '02:08:50.002  #1005 applied twice',
    ]);
  });

  it('tell the flagship with fencing: the same story ends with the stale write rejected', () => {
    expect(story('s07-fencing-on')).toEqual([
      '02:00:00.002  A acquires the lock, token 7',
      '02:01:30  A pauses at 02:01:30 while holding the lock',
      "02:05:00.002  A's lease expires at 02:05:00",
      '02:05:10.003  B takes over with token 8',
      '02:07:10.003  B releases the lock',
      '02:07:30  A wakes at 02:07:30 and still believes it holds the lock',
      '02:07:50.002  #1003: token 7 < 8, rejected as stale',
    ]);
  });

  it("tell S10 in Redis's words: the primary dies, the replica is promoted without the key", () => {
    expect(story('s10-redis-failover')).toEqual([
      '02:00:00.002  A acquires the lock, token 7',
      '02:00:00.500  The Redis primary dies at 02:00:00.500',
      "02:00:05.500  The replica becomes the primary without A's key: the lock is free",
      '02:00:10.003  B takes over with token 7',
      '02:01:00.003  #1001 applied twice',
      '02:01:30.003  #1002 applied twice',
      '02:02:00.003  #1003 applied twice',
      '02:02:30.003  #1004 applied twice',
      '02:03:00.003  #1005 applied twice',
      '02:03:10.003  B releases the lock',
    ]);
  });

  it('tell S12 as a leader election: the leader crashes, its lease runs out, B takes over as leader', () => {
    expect(story('s12-leader-dies')).toEqual([
      '02:00:00.002  A becomes the leader, token 4',
      '02:01:41  A crashes at 02:01:41 holding the lock',
      "02:01:55.002  A's leader lease runs out at 02:01:55",
      '02:01:56.403  B takes over as leader with token 5',
    ]);
  });

  it('tell S14 as the client-go zombie window: A wakes past its lease and still leads until its renew deadline', () => {
    // Written from the model: A's last renewal was 02:00:48.002, so its lease runs out at
    // 02:01:03.002 and B (which saw that change at 02:00:48.4) takes over at its 02:01:04.4
    // tick. The renew iteration that fell due at 02:00:50, during the pause, starts at the
    // resume (02:02:20) with its own 10 s deadline: A leads until 02:02:30, then exits.
    expect(story('s14-paused-leader')).toEqual([
      '02:00:00.002  A becomes the leader, token 4',
      '02:00:50  A pauses at 02:00:50, about to write, holding the lock',
      "02:01:03.002  A's leader lease runs out at 02:01:03",
      '02:01:04.403  B takes over as leader with token 5',
      '02:02:20  A wakes at 02:02:20 and still leads until 02:02:30: its renew deadline has not run out',
      "02:02:30  A's renew deadline runs out: it stops leading",
      '02:02:30  A exits: it knows it lost the lock',
      '02:02:50.403  #1001 applied twice',
    ]);
  });

  it('tell S13a as a partitioned leader that stops a retry period plus renewDeadline after its last renewal', () => {
    expect(story('s13a-partitioned-leader-exits')).toEqual([
      '02:00:00.002  A becomes the leader, token 4',
      "02:00:40  A's renew deadline runs out: it stops leading",
      '02:00:40  A exits: it knows it lost the lock',
      '02:00:44.403  B takes over as leader with token 5',
    ]);
  });

  it("tell S15 in etcd's words: the session expires while A is paused, A's late write is fenced off", () => {
    expect(story('s15-etcd-session-expires')).toEqual([
      '02:00:00.002  A acquires the lock, token 7',
      '02:01:30  A pauses at 02:01:30 while holding the lock',
      "02:01:39.993  A's etcd session expires at 02:01:40: its key is deleted",
      '02:01:39.993  B takes over with token 8',
      '02:03:39.996  B releases the lock',
      '02:03:39.996  C acquires the lock, token 9',
      '02:04:10  C releases the lock',
      '02:07:30  A wakes at 02:07:30 and still believes it holds the lock',
      "02:07:30.002  A's keep-alive finds its etcd session gone",
      '02:07:50.002  #1003: token 7 < 9, rejected as stale',
    ]);
  });

  it("tell S16 in the outbox's words: rows published twice after the crash, never orders", () => {
    expect(story('s16-outbox-crash-before-commit')).toEqual([
      '02:00:00.320  B crashes at 02:00:00.320',
      '02:00:06.054  Row 11 published twice',
      '02:00:06.104  Row 12 published twice',
      '02:00:06.154  Row 13 published twice',
      '02:00:06.204  Row 14 published twice',
    ]);
  });

  it('name the replica of a repeated delete: two replicas finding the same row gone read as two, not one drawn twice', () => {
    const lines = story('s18-cleanup-idempotent');
    expect(lines).toContain('02:00:02.003  B finds row 1 already deleted: 0 rows');
    expect(lines).toContain('02:00:02.004  C finds row 1 already deleted: 0 rows');
    const { trace, scenario } = runPreset('s18-cleanup-idempotent');
    const duplicates = keyMoments(trace, scenario).filter(
      (moment) => moment.kind === 'write' && moment.outcome === 'duplicate',
    );
    expect(duplicates.length).toBeGreaterThan(2);
    const shortLabels = duplicates.map((moment) => keyMomentShort(moment, describeDefaults));
    expect(shortLabels).toContain('B: #1 duplicate');
    expect(new Set(shortLabels).size).toBe(shortLabels.length);
  });

  it('give the flagship about ten moments, not its 76 polls', () => {
    const { trace, scenario } = runPreset('s07-fencing-off');
    const count = keyMoments(trace, scenario).length;
    expect(count).toBeGreaterThanOrEqual(7);
    expect(count).toBeLessThanOrEqual(12);
  });

  it('round the latency model away from times but keep milliseconds that are the point', () => {
    expect(momentTime(7_500_002)).toBe('02:05:00');
    expect(momentTime(7_499_997)).toBe('02:05:00');
    expect(momentTime(7_200_500)).toBe('02:00:00.500');
  });

  it('shorten by kind, with i18next plurals on the count', () => {
    const { trace, scenario } = runPreset('s07-fencing-off');
    const shorts = keyMoments(trace, scenario).map((moment) => keyMomentShort(moment, describeDefaults));
    expect(shorts).toEqual([
      'A · 7',
      'A pauses',
      'A expires',
      'B takes over',
      'B releases',
      'A wakes',
      '#1003 ×2',
      '#1004 ×2',
      '#1005 ×2',
    ]);
  });
});
