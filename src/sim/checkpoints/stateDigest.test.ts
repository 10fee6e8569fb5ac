import { describe, expect, it } from 'vitest';
import { stateDigest } from './stateDigest';

describe('stateDigest', () => {
  it('is cyrb53 with the two seeds (values from the reference two-pass implementation)', () => {
    expect(stateDigest('')).toBe('1aggevgbi2j.1247s7v64qa');
    expect(stateDigest('a')).toBe('bmnxinv5js.16ayds5vhae');
    expect(stateDigest('hello world')).toBe('ek12uvopgz.29qic38f3sh');
  });

  it('tells apart texts that differ in one character, anywhere', () => {
    const text = JSON.stringify({ queue: [[7_200_000, 3, 0]], lock: 'z'.repeat(4000) });
    const seen = new Set([stateDigest(text)]);
    for (const index of [0, 1, 100, 2000, text.length - 1]) {
      seen.add(stateDigest(`${text.slice(0, index)}#${text.slice(index + 1)}`));
    }
    expect(seen.size).toBe(6);
  });
});
