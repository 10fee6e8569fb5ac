import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimeOfNightMs, formatTimeOfNightShort, parseTimeOfNightMs, TIME_OF_NIGHT_MAX_MS } from './timeOfNight';

describe('parseTimeOfNightMs', () => {
  it.each([
    ['00:00:00', 0],
    ['02:01:30', 7_290_000],
    ['02:01:30.250', 7_290_250],
    ['02:01:30.25', 7_290_250],
    ['02:01:30.2', 7_290_200],
    ['47:59:59.999', TIME_OF_NIGHT_MAX_MS],
  ])('reads %s as %i ms', (text, ms) => {
    expect(parseTimeOfNightMs(text)).toEqual({ ok: true, value: ms });
  });

  it.each([
    ['2:01:30', '"2:01:30" is not a time of night; write hh:mm:ss, e.g. "02:01:30" or "02:01:30.250"'],
    ['02:01', '"02:01" is not a time of night; write hh:mm:ss, e.g. "02:01:30" or "02:01:30.250"'],
    [' 02:01:30', '" 02:01:30" is not a time of night; write hh:mm:ss, e.g. "02:01:30" or "02:01:30.250"'],
    ['02:60:00', '"02:60:00" is not a time of night: minutes and seconds go up to 59'],
    ['02:00:61', '"02:00:61" is not a time of night: minutes and seconds go up to 59'],
    ['48:00:00', '"48:00:00" is past the end of the night; times run from "00:00:00" to "47:59:59.999"'],
    ['02:00:00.2500', '"02:00:00.2500" is finer than a millisecond; write at most three decimals, e.g. "02:01:30.250"'],
  ])('refuses %s', (text, message) => {
    expect(parseTimeOfNightMs(text)).toMatchObject({ ok: false, message });
  });
});

describe('formatTimeOfNightMs', () => {
  it('always writes milliseconds', () => {
    expect(formatTimeOfNightMs(7_250_002)).toBe('02:00:50.002');
    expect(formatTimeOfNightMs(0)).toBe('00:00:00.000');
  });

  it('keeps counting past the end of the night and below zero instead of failing', () => {
    expect(formatTimeOfNightMs(TIME_OF_NIGHT_MAX_MS + 1 + 20 * 60_000)).toBe('48:20:00.000');
    expect(formatTimeOfNightMs(-1500)).toBe('-00:00:01.500');
  });

  it('refuses fractional ms, which would be a bug upstream', () => {
    expect(() => formatTimeOfNightMs(1.5)).toThrow(RangeError);
  });

  it('has a short form that drops .000 only', () => {
    expect(formatTimeOfNightShort(7_200_000)).toBe('02:00:00');
    expect(formatTimeOfNightShort(7_250_002)).toBe('02:00:50.002');
  });

  it('reads back what it writes, over the whole range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: TIME_OF_NIGHT_MAX_MS }), (ms) => {
        expect(parseTimeOfNightMs(formatTimeOfNightMs(ms))).toEqual({ ok: true, value: ms });
        expect(parseTimeOfNightMs(formatTimeOfNightShort(ms))).toEqual({ ok: true, value: ms });
      }),
    );
  });
});
