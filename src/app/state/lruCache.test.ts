import { describe, expect, it } from 'vitest';
import { createLruCache } from './lruCache';

describe('createLruCache', () => {
  it('keeps at most its capacity, forgetting the entry used longest ago', () => {
    const cache = createLruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.has('a')).toBe(false);
    expect(cache.get('b')).toBe(2);
    expect(cache.get('c')).toBe(3);
  });

  it('counts a read as a use, so a night looked at again outlives newer ones', () => {
    const cache = createLruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
  });

  it('replaces the value of a key it holds without growing', () => {
    const cache = createLruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('a', 10);
    cache.set('b', 2);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBe(10);
  });

  it('tells a stored undefined-like miss from a value', () => {
    const cache = createLruCache<string, number>(1);
    expect(cache.get('x')).toBeUndefined();
    cache.set('x', 0);
    expect(cache.get('x')).toBe(0);
  });

  it('forgets a deleted key, and a key it never held without complaint', () => {
    const cache = createLruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    cache.delete('z');
    expect(cache.has('a')).toBe(false);
    expect(cache.size).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBe(2);
  });

  it('refuses a capacity that could not hold anything', () => {
    expect(() => createLruCache(0)).toThrow(/capacity/);
    expect(() => createLruCache(1.5)).toThrow(/capacity/);
  });
});
