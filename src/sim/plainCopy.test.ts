import { describe, expect, it } from 'vitest';
import { plainCopy } from './plainCopy';

describe('plainCopy', () => {
  it('copies nested plain data as structuredClone does, sharing nothing', () => {
    const value = { kind: 'redis', n: 1, flag: false, none: null, list: [1, { at: 2, deep: [3] }], nested: { a: 'x' } };
    const copy = plainCopy(value);
    expect(copy).toEqual(structuredClone(value));
    expect(copy).not.toBe(value);
    expect(copy.list).not.toBe(value.list);
    expect(copy.list[1]).not.toBe(value.list[1]);
    (value.list[1] as { at: number }).at = 9;
    expect((copy.list[1] as { at: number }).at).toBe(2);
  });

  it('keeps primitives and null as they are', () => {
    expect(plainCopy(null)).toBeNull();
    expect(plainCopy(3)).toBe(3);
    expect(plainCopy('s')).toBe('s');
  });

  it('throws on what is not plain data (the engine must never hold it)', () => {
    expect(() => plainCopy({ at: new Map() })).toThrow(/not plain data/);
    expect(() => plainCopy({ run: () => 1 })).toThrow(/not plain data/);
  });
});
