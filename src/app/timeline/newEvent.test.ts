import { describe, expect, it } from 'vitest';
import type { WriteRecord } from '../../sim/trace';
import { defaultPauseMs, newEvent } from './newEvent';

const write = (replica: string, order: number, sentMs: number): WriteRecord => ({
  writeId: 0,
  replica,
  runId: 0,
  messageId: 0,
  order,
  amountCents: 500,
  token: 7,
  sentMs,
  atMs: sentMs + 2,
  result: 'accepted',
});

const place = { replicaIds: ['A', 'B'], writes: [write('A', 1001, 7_250_000), write('B', 1003, 7_560_000)] };

describe('newEvent', () => {
  it('places replica events on a replica lane at the drop time', () => {
    expect(newEvent('pause', { ...place, laneId: 'A', atMs: 7_290_000 })).toEqual({
      type: 'pause',
      replica: 'A',
      at: '02:01:30',
      for: '1m',
    });
    expect(newEvent('crash', { ...place, laneId: 'B', atMs: 7_290_500 })).toEqual({
      type: 'crash',
      replica: 'B',
      at: '02:01:30.500',
    });
  });

  it('makes a pause outlast the lease, so a lease expires under it (EX03: 5 minutes, paused 6)', () => {
    expect(newEvent('pause', { ...place, laneId: 'A', atMs: 7_290_000, leaseMs: 300_000 })).toMatchObject({
      for: '6m',
    });
    expect(newEvent('pause', { ...place, laneId: 'A', atMs: 7_290_000, leaseMs: 12_500 })).toMatchObject({
      for: '1m13s',
    });
    expect(defaultPauseMs(300_000)).toBeGreaterThan(300_000);
  });

  it('refuses replica events off a replica lane', () => {
    expect(newEvent('pause', { ...place, laneId: 'storage', atMs: 7_290_000 })).toBeNull();
  });

  it('jumps the database clock from the lock lane and forces expiry anywhere', () => {
    expect(newEvent('clockJump', { ...place, laneId: 'lock', atMs: 7_200_000 })).toMatchObject({ node: 'db' });
    expect(newEvent('expireLock', { ...place, laneId: 'storage', atMs: 7_200_000 })).toEqual({
      type: 'expireLock',
      at: '02:00:00',
    });
  });

  it('delays the write nearest to the drop, on the dropped replica if it is one', () => {
    expect(newEvent('delayWrite', { ...place, laneId: 'storage', atMs: 7_500_000 })).toEqual({
      type: 'delayWrite',
      replica: 'B',
      order: 1003,
      by: '30s',
    });
    expect(newEvent('delayWrite', { ...place, laneId: 'A', atMs: 7_500_000 })).toMatchObject({ replica: 'A' });
    expect(newEvent('delayWrite', { ...place, writes: [], laneId: 'A', atMs: 0 })).toBeNull();
  });
});
