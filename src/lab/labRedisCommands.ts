/**
 * The Redis lock's keys and commands in the lab (docs/lab.md, "The Redis lock"), the same the
 * simulator shows for the S10 nights (`sim/sqlStatement.ts`): `SET key value NX PX ttl`, with
 * `INCR` in the same script for the `incr` token, and release by compare-and-delete. The value
 * starts with the holder's `LEASELINE_HOSTNAME` and a colon, which is how the harness knows who
 * holds the key (as ShedLock's `locked_by` tells it for the row); with the database's token it
 * is `HOSTNAME:TOKEN`. Pure data, shared by the built-in worker and the harness.
 */

export const REDIS_LOCK_KEY = 'lock:nightly-reconciliation';
export const REDIS_TOKEN_KEY = 'lock:token';

/** `SET NX PX` and `INCR` atomically: the token, or nil when the key is held. */
export const SET_INCR_SCRIPT =
  "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('INCR', KEYS[2]) end";
/** Deletes the key only if it still holds our value: 1, or nil. */
export const COMPARE_AND_DELETE_SCRIPT =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end";

/** The hostname a lock value names (`orders-1:3` → `orders-1`), or the whole value without a colon. */
export function holderOfValue(value: string): string {
  const colon = value.indexOf(':');
  return colon < 0 ? value : value.slice(0, colon);
}

/** The token a `HOSTNAME:TOKEN` value carries, or null. */
export function tokenOfValue(value: string): number | null {
  const match = /:(\d+)$/.exec(value);
  return match === null ? null : Number(match[1]);
}
