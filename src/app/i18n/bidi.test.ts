import { describe, expect, it } from 'vitest';
import { isolate, withoutIsolates } from './bidi';

describe('isolate', () => {
  it('isolates words by their first letter and numbers left to right', () => {
    expect(isolate('A')).toBe('\u2068A\u2069');
    expect(isolate('النسخة A')).toBe('\u2068النسخة A\u2069');
    expect(isolate('1, 2, 3')).toBe('\u20661, 2, 3\u2069');
    expect(isolate('')).toBe('');
    expect(withoutIsolates(isolate('02:05:10'))).toBe('02:05:10');
  });
});
