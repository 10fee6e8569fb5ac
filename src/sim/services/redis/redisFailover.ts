/**
 * The Redis primary's failover (docs/model.md §5.4): the primary dies (a user's `redisFailover`
 * event), and the replica is promoted `promoteAfter` later; a grant whose key the replica never
 * received is lost at that instant (`afterPromotion`).
 */
import type { RedisConfig } from '../../../model/resolvedScenario';
import { EventClass } from '../../eventQueue';
import { afterPromotion } from './redisLock';
import { type RedisContext, redisObserver, redisOf } from './redisLockState';
import { failRedisPrimary, promoteRedisReplica, redisAvailable } from './redisStore';

/** The Redis service's agenda items: the primary dies, the replica takes over. */
export type RedisNodeEvent = { readonly kind: 'redisFailover' } | { readonly kind: 'redisPromote' };

/** The primary dies; the replica is promoted `promoteAfter` later. */
export function redisFailover(sim: RedisContext, lock: RedisConfig): void {
  const { store } = redisOf(sim);
  if (!redisAvailable(store)) return;
  failRedisPrimary(store, redisObserver(sim), sim.nowMs);
  sim.log('db', { kind: 'redisNode', state: 'primaryDown' });
  const promoteAfterMs = lock.replica?.promoteAfterMs ?? 0;
  const promote: RedisNodeEvent = { kind: 'redisPromote' };
  sim.schedule(sim.nowMs + promoteAfterMs, EventClass.environment, -1, { kind: 'service', payload: promote });
}

export function redisPromote(sim: RedisContext): void {
  const redis = redisOf(sim);
  // What the dead primary had: the key of the current grant, if it was still live.
  const current = sim.grants.at(-1);
  const keyBefore =
    current && current.endMs === null
      ? (Object.entries(redis.grantByValue).find(([, id]) => id === current.grantId)?.[0] ?? null)
      : null;
  promoteRedisReplica(redis.store, redisObserver(sim), sim.nowMs);
  sim.log('db', { kind: 'redisNode', state: 'replicaPromoted' });
  afterPromotion(sim, keyBefore);
}
