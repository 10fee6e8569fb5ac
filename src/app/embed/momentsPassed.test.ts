import { describe, expect, it } from 'vitest';
import { momentsPassed } from './momentsPassed';

describe('momentsPassed', () => {
  const times = [1000, 5000, 9000];

  it('names the moments a forward move passes, the landing one included', () => {
    expect(momentsPassed(times, 0, 5000)).toEqual([1000, 5000]);
    expect(momentsPassed(times, 1000, 8999)).toEqual([5000]);
    expect(momentsPassed(times, 5000, 5000)).toEqual([]);
  });

  it('names only the moment a backward move lands on', () => {
    expect(momentsPassed(times, 9000, 5000)).toEqual([5000]);
    expect(momentsPassed(times, 9000, 4000)).toEqual([]);
  });

  it('from no playhead yet, only a moment landed on', () => {
    expect(momentsPassed(times, null, 1000)).toEqual([1000]);
    expect(momentsPassed(times, null, 2000)).toEqual([]);
  });
});
