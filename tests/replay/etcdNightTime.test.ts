import { describe, expect, it } from 'vitest';
import { dueRealMs, lapsedMsBetween, lapsesOf } from './etcdNightTime';

describe('the etcd replay spends real time only inside lapses', () => {
  const lapses = lapsesOf([20_000, 25_000, 60_000], 10_000);

  it('counts the night time within lapses once, however they overlap', () => {
    expect(lapses).toEqual([
      { fromMs: 10_000, toMs: 20_000 },
      { fromMs: 15_000, toMs: 25_000 },
      { fromMs: 50_000, toMs: 60_000 },
    ]);
    expect(lapsedMsBetween(lapses, 0, 10_000)).toBe(0);
    expect(lapsedMsBetween(lapses, 0, 25_000)).toBe(15_000);
    expect(lapsedMsBetween(lapses, 12_000, 55_000)).toBe(18_000);
    expect(lapsedMsBetween(lapses, 0, 100_000)).toBe(25_000);
  });

  it('scales it, so a 10 s lapse replayed with 3 s leases takes 3 s', () => {
    expect(dueRealMs(lapsesOf([60_000], 10_000), 0, 60_000, 0.3)).toBeCloseTo(3000);
    expect(dueRealMs(lapsesOf([60_000], 10_000), 0, 45_000, 0.3)).toBe(0);
  });
});
