/** Lease arithmetic the timeline needs from the lock settings and the trace's grants. Pure. */
import { etcdGrantedTtlSeconds } from '../model/etcdLease';
import type { LockConfig } from '../model/resolvedScenario';
import type { GrantRecord } from '../sim/trace';

/** The lease length a holder reckons with, by lock kind; null when the lock has none. */
export function leaseLengthMs(lock: LockConfig): number | null {
  switch (lock.kind) {
    case 'shedlock':
      return lock.lockAtMostForMs;
    case 'lease':
      return lock.leaseDurationMs;
    case 'redis':
      return lock.ttlMs;
    case 'etcd':
      return etcdGrantedTtlSeconds(lock.sessionTtlMs) * 1000;
    case 'zookeeper':
      return lock.sessionTtlMs;
    default:
      return null;
  }
}

/**
 * When a grant stopped being valid: its forced expiry or release if that came first, else when
 * its `lock_until` fell due. Re-implemented from the trace fields (the same rule as the
 * engine's `validUntilMs`, which timeline/ may not import as a value).
 */
export function validUntilMs(grant: GrantRecord): number {
  return grant.endMs === null ? grant.intendedEndMs : Math.min(grant.endMs, grant.intendedEndMs);
}
