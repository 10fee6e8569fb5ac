import { describe, expect, it } from 'vitest';
import { stepFrom } from './stepTimes';

describe('stepFrom', () => {
  const times = [10, 20, 30];
  it('finds the next and previous step strictly past the playhead', () => {
    expect(stepFrom(times, 20, 1)).toBe(30);
    expect(stepFrom(times, 20, -1)).toBe(10);
    expect(stepFrom(times, 15, 1)).toBe(20);
  });
  it('returns null past either end', () => {
    expect(stepFrom(times, 30, 1)).toBeNull();
    expect(stepFrom(times, 10, -1)).toBeNull();
  });
});
