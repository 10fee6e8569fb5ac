import { describe, expect, it } from 'vitest';
import { isolate, isolateSentence, withoutIsolates } from './bidi';

describe('isolate', () => {
  it('isolates words by their first letter and numbers left to right', () => {
    expect(isolate('A')).toBe('\u2068A\u2069');
    expect(isolate('النسخة A')).toBe('\u2068النسخة A\u2069');
    expect(isolate('1, 2, 3')).toBe('\u20661, 2, 3\u2069');
    expect(isolate('')).toBe('');
    expect(withoutIsolates(isolate('02:05:10'))).toBe('02:05:10');
  });
});

describe('isolateSentence', () => {
  it('sets any text with an Arabic letter right to left, anything else left to right', () => {
    expect(isolateSentence('Redis الأساسي')).toBe('\u2067Redis الأساسي\u2069');
    expect(isolateSentence('#1003 A·7')).toBe('\u2066#1003 A·7\u2069');
  });
});
