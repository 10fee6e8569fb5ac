/**
 * What etcd makes of a session TTL: a lease's TTL is whole seconds, and a server with the
 * default election timeout (1 s, heartbeat 100 ms) grants no lease shorter than 2 s
 * (`minLeaseTTL`, 3/2 of an election timeout rounded up; etcd 3.4 raises a shorter one to it).
 * So `sessionTtl: "2.5s"` is a 3 s lease and `"1s"` a 2 s one; the simulator, the timeline and
 * the commands shown all use the TTL etcd grants. Pure.
 */

/** The shortest lease TTL a default etcd grants, in seconds. */
export const ETCD_MIN_LEASE_TTL_S = 2;

/** The TTL, in whole seconds, an etcd asked for `ttlMs` grants. */
export function etcdGrantedTtlSeconds(ttlMs: number): number {
  return Math.max(ETCD_MIN_LEASE_TTL_S, Math.ceil(ttlMs / 1000));
}
