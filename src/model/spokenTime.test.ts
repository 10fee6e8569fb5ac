import { describe, expect, it } from 'vitest';
import { spokenMs, spokenSpan, spokenTimeOfNight } from './spokenTime';

const at = (hh: number, mm: number, ss: number, ms = 0) => ((hh * 60 + mm) * 60 + ss) * 1000 + ms;

describe('spoken times', () => {
  it('drops the latency model’s milliseconds from a time of night', () => {
    expect(spokenTimeOfNight(at(2, 6, 0, 3))).toBe('02:06:00');
    expect(spokenTimeOfNight(at(2, 7, 50, 2))).toBe('02:07:50');
    expect(spokenTimeOfNight(at(2, 5, 9, 999))).toBe('02:05:10');
  });

  it('keeps what a person placed: a relay’s publish every 50 ms, a tenth of a second', () => {
    expect(spokenTimeOfNight(at(2, 0, 0, 52))).toBe('02:00:00.05');
    expect(spokenTimeOfNight(at(2, 0, 0, 100))).toBe('02:00:00.1');
    expect(spokenTimeOfNight(at(2, 1, 56, 400))).toBe('02:01:56.4');
  });

  it('rounds a span to 10 ms, but keeps spans under a second exact', () => {
    expect(spokenMs(229_999)).toBe(230_000);
    expect(spokenSpan(229_999)).toEqual({ minutes: 3, seconds: 50, ms: 230_000 });
    expect(spokenSpan(15_400)).toEqual({ minutes: 0, seconds: 15.4, ms: 15_400 });
    expect(spokenMs(3)).toBe(3);
  });
});
