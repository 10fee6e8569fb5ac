import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDurationMs, parseDurationMs } from './duration';

describe('parseDurationMs', () => {
  it.each([
    ['6m', 360_000],
    ['90s', 90_000],
    ['1m30s', 90_000],
    ['250ms', 250],
    ['1h', 3_600_000],
    ['2.5s', 2_500],
    ['-90s', -90_000],
    ['1h2m3s4ms', 3_723_004],
    ['0s', 0],
    ['-0s', 0],
    ['1.5m', 90_000],
    ['1.0ms', 1],
    ['PT5M', 300_000],
    ['PT0S', 0],
    ['PT1H30M', 5_400_000],
    ['PT2.5S', 2_500],
    ['pt30m', 1_800_000],
    ['-PT90S', -90_000],
  ])('reads %s as %i ms', (text, ms) => {
    expect(parseDurationMs(text)).toEqual({ ok: true, value: ms });
  });

  it.each([
    ['60 seconds', '"60 seconds" is not a duration; write e.g. "60s"'],
    ['60', '"60" is not a duration; write e.g. "60s"'],
    ['', '"" is not a duration; write e.g. "60s"'],
    ['-', '"-" is not a duration; write e.g. "60s"'],
    ['1m 30s', '"1m 30s" is not a duration; write e.g. "60s"'],
    ['1d', '"1d" is not a duration; write e.g. "60s"'],
    ['PT', '"PT" is not a duration; write e.g. "60s"'],
    ['PT1.5M', '"PT1.5M" is not a duration; write e.g. "60s"'],
    ['30s1m', '"30s1m" is not a duration: units go largest first (h, m, s, ms), each at most once; write e.g. "60s"'],
    ['1m1m', '"1m1m" is not a duration: units go largest first (h, m, s, ms), each at most once; write e.g. "60s"'],
    ['0.5ms', '"0.5ms" is finer than a millisecond; durations are whole milliseconds'],
    ['1.0005s', '"1.0005s" is finer than a millisecond; durations are whole milliseconds'],
    ['PT0.0001S', '"PT0.0001S" is finer than a millisecond; durations are whole milliseconds'],
    ['9999999999999h', '"9999999999999h" is too long a duration'],
  ])('refuses %j', (text, message) => {
    expect(parseDurationMs(text)).toMatchObject({ ok: false, message });
  });

  it('refuses very long text without reading it', () => {
    const result = parseDurationMs('1'.repeat(10_000));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^"1{39}…" is too long to be a duration$/);
  });
});

describe('formatDurationMs', () => {
  it.each([
    [90_000, '1m30s'],
    [250, '250ms'],
    // The sign applies to the whole duration, so -90s is written like 90s with a minus.
    [-90_000, '-1m30s'],
    [-30_000, '-30s'],
    [0, '0s'],
    [3_600_000, '1h'],
    [2_500, '2s500ms'],
    [3_723_004, '1h2m3s4ms'],
  ])('writes %i as %s', (ms, text) => {
    expect(formatDurationMs(ms)).toBe(text);
  });

  it('reads back what it writes, for every safe integer', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger().map((n) => (n % 2 === 0 ? n : -n)),
        (ms) => {
          expect(parseDurationMs(formatDurationMs(ms))).toEqual({ ok: true, value: ms });
        },
      ),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (ms) => {
        expect(parseDurationMs(formatDurationMs(ms))).toEqual({ ok: true, value: ms });
      }),
      { numRuns: 2000 },
    );
  });

  it('is canonical: every accepted compact text formats to one spelling that reads the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (minutes, seconds) => {
        const parsed = parseDurationMs(`${minutes}m${seconds}s`);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(formatDurationMs(parsed.value)).toBe(formatDurationMs(minutes * 60_000 + seconds * 1000));
      }),
    );
  });

  it('refuses fractional ms', () => {
    expect(() => formatDurationMs(0.5)).toThrow(RangeError);
  });
});
