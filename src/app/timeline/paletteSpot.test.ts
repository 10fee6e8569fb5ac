import { describe, expect, it } from 'vitest';
import { runPreset } from '../../../tests/runPreset';
import type { GrantRecord } from '../../sim/trace';
import { paletteSpot } from './paletteSpot';

const H2 = 2 * 3_600_000;
const grant = (replica: string, token: number, grantMs: number, intendedEndMs: number): GrantRecord => ({
  grantId: token,
  replica,
  token,
  tokenMs: grantMs,
  grantMs,
  untilClockMs: intendedEndMs,
  expires: true,
  clockNode: 'db',
  endMs: null,
  endReason: null,
  intendedEndMs,
});
const night = {
  replicaIds: ['A', 'B', 'C'],
  grants: [grant('A', 7, H2 + 3, H2 + 300_003), grant('B', 8, H2 + 310_000, H2 + 610_000)],
};

describe('paletteSpot', () => {
  it('puts a pressed pause on the holder 30 s into its lease when the playhead is before any grant', () => {
    expect(paletteSpot('pause', night, H2 - 60_000, null)).toEqual({
      laneId: 'A',
      atMs: H2 + 30_003,
      grant: { replica: 'A', token: 7 },
    });
  });

  it('keeps the playhead when it falls inside a lease, on that lease’s holder', () => {
    expect(paletteSpot('crash', night, H2 + 400_000, 'C')).toEqual({
      laneId: 'B',
      atMs: H2 + 400_000,
      grant: { replica: 'B', token: 8 },
    });
  });

  it('prefers the selected replica’s own lease, and puts a forced expiry on the lock lane', () => {
    expect(paletteSpot('pause', night, H2, 'B')).toMatchObject({ laneId: 'B', atMs: H2 + 340_000 });
    expect(paletteSpot('expireLock', night, H2 + 100_000, null)).toMatchObject({ laneId: 'lock', atMs: H2 + 100_000 });
  });

  it('after the last lease ends, goes back to the night’s first grant', () => {
    expect(paletteSpot('pause', night, H2 + 700_000, null)).toMatchObject({ laneId: 'A', atMs: H2 + 30_003 });
  });

  it('keeps the playhead for the other items, and on a night with no grant', () => {
    expect(paletteSpot('restart', night, H2 + 5, 'C')).toEqual({ laneId: 'C', atMs: H2 + 5, grant: null });
    expect(paletteSpot('pause', { replicaIds: ['A'], grants: [] }, H2, null)).toEqual({
      laneId: 'A',
      atMs: H2,
      grant: null,
    });
  });

  it('on the flagship, a pause pressed at the window’s start lands on A while it holds token 7', () => {
    const run = runPreset('s07-fencing-off');
    const spot = paletteSpot('pause', run.trace, run.scenario.windowFromMs, null);
    expect(spot.grant).toEqual({ replica: 'A', token: 7 });
    const first = run.trace.grants[0];
    expect(first && spot.atMs > first.grantMs && spot.atMs < first.intendedEndMs).toBe(true);
  });
});
