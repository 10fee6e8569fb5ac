/**
 * The `redis` lock kind as a `LockService`: `SET NX PX` on a primary with an optional
 * replica (DOMAIN.md §5.4, `redisLock.ts`).
 */
import type { RedisConfig } from '../../../model/resolvedScenario';
import { recordGrant } from '../../grantLog';
import type { LockService } from '../lockService';
import { acquireRedis, forceExpireRedis, isRedisHolder, releaseRedis } from './redisLock';

export const redisService: LockService<RedisConfig> = {
  acquireOwed: null,
  acquire: (sim, process, lock, _lockNowMs, record) => {
    const granted = acquireRedis(sim, process, lock, record);
    if (granted === null) return { type: 'DENIED' };
    process.redisValue = granted.value;
    sim.redisGrantByValue.set(granted.value, sim.grants.length);
    recordGrant(sim, process, {
      token: granted.token,
      untilClockMs: granted.untilClockMs,
      clockNode: 'redis',
      expires: true,
    });
    return { type: 'GRANTED', token: granted.token };
  },
  isHolder: (sim, process, _lock, _lockNowMs, record) => isRedisHolder(sim, process, record),
  release: (sim, process, lock, _lockNowMs, record) => {
    releaseRedis(sim, process, lock, record);
    return { type: 'RELEASED' };
  },
  forceExpire: (sim) => forceExpireRedis(sim),
  replicaStarted: () => {},
  replicaDown: () => {},
  // The store reports its nodes itself, as they change (`Simulation`'s constructor).
  recordsEveryStep: false,
  serviceView: () => null,
  lint: () => [],
  issuesTokens: (lock) => lock.token !== 'none',
};
