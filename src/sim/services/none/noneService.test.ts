/** Without a lock the holder check passes and a release is a no-op; nothing may acquire one. */
import { describe, expect, it } from 'vitest';
import { noneService } from './noneService';

const LOCK = { kind: 'none' } as const;
const NO_SQL = () => {
  throw new Error('no statement runs without a lock');
};

describe('none lock service', () => {
  it('passes the holder check and answers a release without running a statement', () => {
    expect(noneService.isHolder(null, null, LOCK, 0, NO_SQL)).toBe(true);
    expect(noneService.release(null, null, LOCK, 0, NO_SQL)).toEqual({ type: 'RELEASED' });
  });

  it('refuses an acquire, which the machine never sends without a lock', () => {
    expect(() => noneService.acquire(null, null, LOCK, 0, NO_SQL)).toThrow('acquire with lock kind none');
  });
});
