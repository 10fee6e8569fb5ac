/**
 * EX05 judged on nights worked out by hand. The worst night: A is granted at 02:00:00.002 and
 * works 20 s + 5 × 234 s + 10 s = 20 min, to 02:20:00; B polls at :10 past each minute, C at
 * :40. The crash night: A is granted at 02:00:00.002 and crashes at 02:01:00; the lock frees at
 * 02:00:00.002 + lockAtMostFor and B's next poll takes it. The skew night: A runs 02:00:00 to
 * 02:00:35; C's cron fires at 02:00:45 true time. The next-run night: A runs 02:00:00 to
 * 02:03:00 and B is told to run at 02:05:30.
 */
import { describe, expect, it } from 'vitest';
import { judgeEx05 } from './ex05Judge';
import { simulatorEngine } from './simulatorEngine';

const verdicts = (lockAtMostFor: string, lockAtLeastFor: string) =>
  Object.fromEntries(judgeEx05(simulatorEngine, { lockAtMostFor, lockAtLeastFor }).map((j) => [j.id, j.passed]));
const sentences = (lockAtMostFor: string, lockAtLeastFor: string) =>
  judgeEx05(simulatorEngine, { lockAtMostFor, lockAtLeastFor }).map((j) => j.sentence);

describe('judgeEx05', () => {
  it("passes the seed's answer, 30 minutes at most and 1 to 5 at least", () => {
    for (const least of ['1m', '2m', '5m', 'PT3M'])
      expect(verdicts('30m', least)).toEqual({ worstCase: true, crash: true, skew: true, nextRun: true });
    expect(sentences('30m', '2m')[1]).toBe(
      'after A crashes at 02:01:00 holding the lock (lockAtMostFor 30m), B takes the lock over at 02:30:10, within the hour, and finishes the night',
    );
  });

  it('fails lockAtMostFor under the worst case: B runs beside A at its 02:10:10 poll', () => {
    expect(verdicts('10m', '2m').worstCase).toBe(false);
    expect(sentences('10m', '2m')[0]).toBe(
      "on the worst night (A takes 20 minutes), lockAtMostFor 10m expires under A's run: B takes the lock at 02:10:10 and runs the job a second time while A is still working",
    );
  });

  it('fails lockAtMostFor past the hour after a crash: 60m is the last that passes', () => {
    expect(verdicts('60m', '2m').crash).toBe(true);
    expect(verdicts('61m', '2m').crash).toBe(false);
    expect(sentences('61m', '2m')[1]).toBe(
      'after A crashes at 02:01:00 holding the lock (lockAtMostFor 61m), B can take the lock over only at 03:01:10, after 03:00:00: more than the hour we allow',
    );
    expect(sentences('2h', '2m')[1]).toContain('nobody can take the lock over before 03:05:00');
  });

  it('fails lockAtLeastFor under the 45 s skew: C runs again at 02:00:45', () => {
    expect(verdicts('30m', '0s').skew).toBe(false);
    expect(verdicts('30m', '40s').skew).toBe(false);
    expect(verdicts('30m', '46s').skew).toBe(true);
    expect(sentences('30m', '0s')[2]).toBe(
      "on a 35-second night with C's clock 45 s behind, lockAtLeastFor 0s has let the lock go when C's cron fires at 02:00:45: C runs the job a second time",
    );
  });

  it('fails lockAtLeastFor that blocks a run now at 02:05:30', () => {
    expect(verdicts('30m', '5m').nextRun).toBe(true);
    expect(verdicts('30m', '6m').nextRun).toBe(false);
  });

  it('fails everything when lockAtLeastFor exceeds lockAtMostFor, as ShedLock refuses it', () => {
    expect(sentences('5m', '10m')).toEqual(
      Array(4).fill('lockAtLeastFor 10m is longer than lockAtMostFor 5m; ShedLock refuses that'),
    );
  });
});
