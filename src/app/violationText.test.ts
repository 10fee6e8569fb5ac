import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { spokenDuration, violationText } from './violationText';

const t = i18n.t.bind(i18n);

describe('violationText', () => {
  it('says a zombie window’s length as people say it', () => {
    expect(violationText(t, { key: 'zombieWindow', zombies: ['A'], takers: ['B'], durationMs: 229_999 })).toBe(
      'Zombie window: A still believed it held the lock after B took it, for 3 min 49.999 s',
    );
  });

  it('spoken durations: milliseconds, seconds, minutes', () => {
    expect(spokenDuration(t, 250)).toBe('250 ms');
    expect(spokenDuration(t, 2500)).toBe('2.5 s');
    expect(spokenDuration(t, 120_000)).toBe('2 min');
    expect(spokenDuration(t, 90_000)).toBe('1 min 30 s');
  });
});
