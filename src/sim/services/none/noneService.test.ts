/** Without a lock the holder check passes and a release is a no-op; nothing may acquire one. */
import { describe, expect, it } from 'vitest';
import { fakeNight } from '../fakeNight.testing';
import { noneService } from './noneService';

const LOCK = { kind: 'none' } as const;
const NO_SQL = () => {
  throw new Error('no statement runs without a lock');
};

describe('none lock service', () => {
  it('passes the holder check and answers a release without running a statement', () => {
    const { ctx, a } = fakeNight(LOCK, noneService);
    expect(noneService.isHolder(ctx, a, LOCK, 0, NO_SQL)).toBe(true);
    expect(noneService.release(ctx, a, LOCK, 0, NO_SQL)).toEqual({ type: 'RELEASED' });
  });

  it('refuses an acquire, which the machine never sends without a lock', () => {
    const { ctx, a } = fakeNight(LOCK, noneService);
    expect(() => noneService.acquire(ctx, a, LOCK, 0, NO_SQL)).toThrow('acquire with lock kind none');
  });

  it('has no state, no client and no endpoint a partition could cut', () => {
    const { ctx, a } = fakeNight(LOCK, noneService);
    expect(ctx.lockState).toBeNull();
    expect(a.lockClient).toBeNull();
    expect(noneService.endpoint).toBeNull();
  });

  it('still ends a killed database session: the replica reconnects with a new one', () => {
    const { ctx, a, sql } = fakeNight(LOCK, noneService);
    noneService.killSession(ctx, a, LOCK);
    expect(a.session).toBe('a#1');
    expect(sql).toEqual([{ statement: { kind: 'terminateSession', session: 'a#0' }, rows: 1, note: 'noop' }]);
  });
});
