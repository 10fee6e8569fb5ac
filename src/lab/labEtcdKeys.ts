/**
 * The etcd lock's keys in the lab (docs/lab.md, "The etcd lock"), as etcd's concurrency Mutex
 * names them (client/v3/concurrency, 3.4): each contender puts `PREFIX<lease id in hex>` on its
 * session's lease; the key with the lowest create revision holds, and that revision is the
 * fencing token (the S15 presets' token). The value is the contender's `LEASELINE_HOSTNAME`,
 * which is how the harness knows who holds the lock. Pure data, shared by the built-in worker
 * and the harness.
 */

export const ETCD_LOCK_PREFIX = '/leaseline/lock/nightly-reconciliation/';
/** The key the harness puts before the night so tonight's first create revision is last night's token plus one. */
export const ETCD_LAST_NIGHT_KEY = '/leaseline/last-night';
/** etcd raises a shorter TTL to its minimum (1.5 s of elections, rounded up, for the default timings). */
export const ETCD_MIN_TTL_SECONDS = 2;
/** How often etcd's lessor looks for expired leases and revokes them (3.4: every 500 ms), in real milliseconds. */
export const ETCD_EXPIRY_LOOK_MS = 500;

/** The session lease's TTL for lockAtMostFor in real milliseconds: whole seconds, rounded up, at least etcd's minimum. */
export function leaseTtlSecondsOf(lockAtMostForMs: number): number {
  return Math.max(ETCD_MIN_TTL_SECONDS, Math.ceil(lockAtMostForMs / 1000));
}

/** A contender's key: the prefix and its lease ID in hex, as Mutex writes it (`fmt.Sprintf("%s%x", pfx, lease)`). */
export function contenderKeyOf(leaseId: string): string {
  return `${ETCD_LOCK_PREFIX}${BigInt(leaseId).toString(16)}`;
}
