import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { spokenDuration, violationText } from './violationText';

const t = i18n.t.bind(i18n);

describe('violationText', () => {
  it('says a zombie window’s length as people say it', () => {
    expect(violationText(t, { key: 'zombieWindow', zombies: ['A'], takers: ['B'], durationMs: 229_999 })).toBe(
      'Zombie window: A still believed it held the lock after B took it, for 3 min 50 s',
    );
  });

  it('spoken durations: milliseconds, seconds, minutes', () => {
    expect(spokenDuration(t, 250)).toBe('250 ms');
    expect(spokenDuration(t, 2500)).toBe('2.5 s');
    expect(spokenDuration(t, 120_000)).toBe('2 min');
    expect(spokenDuration(t, 90_000)).toBe('1 min 30 s');
    expect(spokenDuration(t, 15_400)).toBe('15.4 s');
  });

  it('says I6 in the job’s words', () => {
    const missed = (job: 'reconcile' | 'outbox' | 'digest' | 'cleanup', left: number, total: number) =>
      violationText(t, { key: 'runMissed', byMs: 0, job, left, total });
    expect(missed('reconcile', 5, 5)).toBe('Run missed: the night was not marked done and no run is in progress');
    expect(missed('outbox', 4, 30)).toBe(
      'Not every row published: 4 of 30 outbox rows still unsent and no relay is working on them',
    );
    expect(missed('digest', 1, 1)).toBe("Digest not sent: no replica sent tonight's email and no run is in progress");
    expect(missed('cleanup', 2, 5)).toContain('2 of 5 expired rows left');
  });
});
