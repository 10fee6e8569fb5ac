import { describe, expect, it } from 'vitest';
import { formatTimeOfNightMs } from '../../model/timeOfNight';
import { lintConfiguration } from '../../sim/configLint';
import { nightOf } from '../state/night';
import { EX05_DEFAULTS, type Ex05Night, type Ex05Settings, ex05Document, secondRun } from './ex05Nights';

const MIN = 60_000;

function outcome(night: Ex05Night, settings: Partial<Ex05Settings> = {}) {
  const result = nightOf(ex05Document(night, { ...EX05_DEFAULTS, ...settings }));
  if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
  const second = secondRun(result.trace);
  return {
    second: second
      ? `${second.replica} ${formatTimeOfNightMs(second.startMs)} ${second.overlapping ? 'during' : 'after'} ${second.firstReplica}`
      : null,
    lint: lintConfiguration(result.scenario).map((finding) => finding.key),
  };
}

describe('EX05 nights', () => {
  it('defaults (10m / 0s, C 4 minutes behind): the normal night runs twice, C after A; the worst night once', () => {
    expect(outcome('normal')).toEqual({ second: 'C 02:04:00.000 after A', lint: ['atLeastBelowSkew'] });
    // The others poll every minute: B takes the expired lock at 02:10:10 while A still runs.
    expect(outcome('worst').second).toBe('B 02:10:10.000 during A');
    expect(outcome('worst').lint).toEqual(['atMostBelowRuntime', 'atLeastBelowSkew']);
  });

  it('lockAtLeastFor above the skew keeps C out; lockAtMostFor above the worst case keeps B out', () => {
    expect(outcome('normal', { atLeastMs: 5 * MIN }).second).toBeNull();
    expect(outcome('worst', { atMostMs: 30 * MIN, atLeastMs: 5 * MIN })).toEqual({ second: null, lint: [] });
  });

  it('a skew beyond lockAtLeastFor lets C in again; ShedLock rejects lockAtLeastFor above lockAtMostFor', () => {
    expect(outcome('normal', { atLeastMs: 5 * MIN, skewMs: 6 * MIN }).second).toBe('C 02:06:00.000 after A');
    expect(outcome('normal', { atMostMs: 2 * MIN, atLeastMs: 5 * MIN }).lint).toContain('atLeastExceedsAtMost');
  });
});
