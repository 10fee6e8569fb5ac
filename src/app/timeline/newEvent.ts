/**
 * The event a palette item becomes when dropped on a lane at a time (or added by keyboard at
 * the playhead). Pure. Returns null when that kind of event has no place on that lane (a
 * crash on the storage lane, a delayed write with no write to delay).
 */

import { formatDurationMs } from '../../model/duration';
import type { EventDocument } from '../../model/scenarioSchema';
import { formatTimeOfNightShort } from '../../model/timeOfNight';
import type { WriteRecord } from '../../sim/trace';

export interface DropPlace {
  /** A replica id, `lock` or `storage`. */
  readonly laneId: string;
  readonly atMs: number;
  readonly replicaIds: readonly string[];
  /** The night's writes, to pick the write a `delayWrite` delays. */
  readonly writes: readonly WriteRecord[];
  /** The lease a holder reckons with (timeline/leases.ts leaseLengthMs), or null for a lock without one. */
  readonly leaseMs?: number | null;
}

/** A pause with no lease to outlast (no lock, an advisory lock). */
const PAUSE_WITHOUT_LEASE_MS = 60_000;
/** How far a new pause outlasts the lease: the takeover and the late write fit inside it. */
const PAUSE_PAST_LEASE_MS = 60_000;

/**
 * A dropped pause outlasts the night's lease (the flagship's is 6 minutes over a 5-minute
 * lease): a pause shorter than the lease teaches nothing, since no lease expires under it.
 */
export function defaultPauseMs(leaseMs: number | null | undefined): number {
  if (leaseMs === null || leaseMs === undefined || leaseMs <= 0) return PAUSE_WITHOUT_LEASE_MS;
  // Whole seconds, so the inspector shows a plain duration.
  return Math.ceil((leaseMs + PAUSE_PAST_LEASE_MS) / 1000) * 1000;
}

export function newEvent(type: string, place: DropPlace): EventDocument | null {
  const at = formatTimeOfNightShort(place.atMs);
  const replica = place.replicaIds.includes(place.laneId) ? place.laneId : null;
  switch (type) {
    case 'pause':
      return replica ? { type: 'pause', replica, at, for: formatDurationMs(defaultPauseMs(place.leaseMs)) } : null;
    case 'crash':
      return replica ? { type: 'crash', replica, at } : null;
    case 'restart':
      return replica ? { type: 'restart', replica, at } : null;
    case 'trigger':
      return replica ? { type: 'trigger', replica, at } : null;
    case 'clockJump':
      return { type: 'clockJump', node: replica ?? 'db', at, by: '1m' };
    case 'expireLock':
      return { type: 'expireLock', at };
    case 'delayWrite': {
      const write = nearestWrite(place);
      return write ? { type: 'delayWrite', replica: write.replica, order: write.order, by: '30s' } : null;
    }
    default:
      return null;
  }
}

/** The write sent closest to the drop time, on the dropped replica's lane if it has one. */
function nearestWrite(place: DropPlace): WriteRecord | null {
  const candidates = place.writes.filter(
    (write) => !place.replicaIds.includes(place.laneId) || write.replica === place.laneId,
  );
  let best: WriteRecord | null = null;
  for (const write of candidates) {
    if (best === null || Math.abs(write.sentMs - place.atMs) < Math.abs(best.sentMs - place.atMs)) best = write;
  }
  return best;
}
