import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestKey, editDistance } from './editDistance';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps as one edit each', () => {
    expect(editDistance('lockAtMostFr', 'lockAtMostFor')).toBe(1); // an insertion
    expect(editDistance('fencing', 'fencng')).toBe(1); // a deletion
    expect(editDistance('ttl', 'tll')).toBe(1); // a substitution
    expect(editDistance('fro', 'for')).toBe(1); // a swap
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'at')).toBe(2);
    expect(editDistance('same', 'same')).toBe(0);
    // Optimal string alignment: a swapped pair is not edited again ("ca" -> "abc" is 3, not 2).
    expect(editDistance('ca', 'abc')).toBe(3);
  });

  it('is a distance: zero only for equal keys, symmetric, never more than the longer length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const distance = editDistance(a, b);
        expect(distance === 0).toBe(a === b);
        expect(editDistance(b, a)).toBe(distance);
        expect(distance).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(distance).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
      }),
    );
  });
});

describe('closestKey', () => {
  const SHEDLOCK = ['kind', 'lockAtMostFor', 'lockAtLeastFor', 'time', 'token', 'tokenMint', 'keepAlive'];

  it('names the known key one or two edits away', () => {
    expect(closestKey('lockAtMostFr', SHEDLOCK)).toBe('lockAtMostFor');
    expect(closestKey('lockAtMstFr', SHEDLOCK)).toBe('lockAtMostFor');
    expect(closestKey('tokne', SHEDLOCK)).toBe('token');
  });

  it('names nothing three edits away, or for a key shorter than its edits', () => {
    expect(closestKey('lockAtMst', SHEDLOCK)).toBeNull();
    expect(closestKey('x', ['at', 'id', 'for'])).toBeNull();
    expect(closestKey('fr', ['at', 'id', 'for'])).toBe('for');
  });

  it('takes a key that differs only in case, however many letters', () => {
    expect(closestKey('LOCKATMOSTFOR', SHEDLOCK)).toBe('lockAtMostFor');
  });

  it('prefers the nearest key, then the one listed first', () => {
    expect(closestKey('tokenMin', SHEDLOCK)).toBe('tokenMint');
    expect(closestKey('tim', ['token', 'time', 'tin'])).toBe('time');
    expect(closestKey('ab', ['ax', 'ay'])).toBe('ax');
  });
});
