import { describe, expect, it } from 'vitest';
import { readDurationMs, readTimeMs, writeDuration, writeTime } from './eventText';

describe('reading an event’s times', () => {
  it('reads times of night and durations, null for what does not parse, the same on every read', () => {
    for (let round = 0; round < 2; round++) {
      expect(readTimeMs('02:01:30')).toBe(7_290_000);
      expect(readTimeMs('02:01:30.250')).toBe(7_290_250);
      expect(readDurationMs('1m30s')).toBe(90_000);
      expect(readTimeMs('25:99')).toBeNull();
      expect(readDurationMs('soon')).toBeNull();
      expect(readTimeMs(7_290_000)).toBeNull();
      expect(readDurationMs(undefined)).toBeNull();
    }
  });

  it('keeps a text read as a duration apart from the same text read as a time', () => {
    expect(readDurationMs('5m')).toBe(300_000);
    expect(readTimeMs('5m')).toBeNull();
    expect(readTimeMs('00:05:00')).toBe(300_000);
    expect(readDurationMs('00:05:00')).toBeNull();
  });

  it('reads back what it writes', () => {
    for (const ms of [0, 1, 7_290_250, 86_399_999]) expect(readTimeMs(writeTime(ms))).toBe(ms);
    for (const ms of [1, 1_000, 90_000, 3_600_000]) expect(readDurationMs(writeDuration(ms))).toBe(ms);
  });
});
