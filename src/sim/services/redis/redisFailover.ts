/**
 * The Redis primary's failover (DOMAIN.md §5.4): the primary dies (a user's `redisFailover`
 * event), and the replica is promoted `promoteAfter` later; a grant whose key the replica never
 * received is lost at that instant (`afterPromotion`).
 */
import type { RedisConfig } from '../../../model/resolvedScenario';
import { EventClass } from '../../eventQueue';
import type { Simulation } from '../../simulation';
import { afterPromotion } from './redisLock';

/** The Redis service's agenda items: the primary dies, the replica takes over. */
export type RedisNodeEvent = { readonly kind: 'redisFailover' } | { readonly kind: 'redisPromote' };

/** The primary dies; the replica is promoted `promoteAfter` later. */
export function redisFailover(sim: Simulation, lock: RedisConfig): void {
  const redis = sim.redis;
  if (!redis?.available) return;
  redis.failPrimary(sim.nowMs);
  sim.log('db', { kind: 'redisNode', state: 'primaryDown' });
  const promoteAfterMs = lock.replica?.promoteAfterMs ?? 0;
  const promote: RedisNodeEvent = { kind: 'redisPromote' };
  sim.schedule(sim.nowMs + promoteAfterMs, EventClass.environment, -1, { kind: 'service', payload: promote });
}

export function redisPromote(sim: Simulation): void {
  const redis = sim.redis;
  if (!redis) return;
  // What the dead primary had: the key of the current grant, if it was still live.
  const current = sim.grants.at(-1);
  const keyBefore =
    current && current.endMs === null
      ? ([...sim.redisGrantByValue].find(([, id]) => id === current.grantId)?.[0] ?? null)
      : null;
  redis.promote(sim.nowMs);
  sim.log('db', { kind: 'redisNode', state: 'replicaPromoted' });
  afterPromotion(sim, keyBefore);
}
