/**
 * The `redis` lock kind as a `LockService`: `SET NX PX` on a primary with an optional
 * replica (docs/model.md §5.4, `redisLock.ts`).
 */
import type { RedisConfig, ResolvedScenario } from '../../../model/resolvedScenario';
import { recordGrant } from '../../grantLog';
import { killDatabaseSession } from '../databaseSession';
import type { LockService, Refusal } from '../lockService';
import { QUIET_HOOKS } from '../quietHooks';
import { type RedisNodeEvent, redisFailover, redisPromote } from './redisFailover';
import { acquireRedis, forceExpireRedis, isRedisHolder, releaseRedis } from './redisLock';
import {
  newRedisClient,
  newRedisLockState,
  type RedisContext,
  type RedisProcess,
  redisClientOf,
  redisObserver,
  redisOf,
} from './redisLockState';
import { flushRedis, redisNodeStates } from './redisStore';

export const redisService: LockService<RedisConfig, RedisContext, RedisProcess, RedisNodeEvent> = {
  ...QUIET_HOOKS,
  acquireOwed: null,
  acquire: (sim, process, lock, _lockNowMs, record) => {
    const granted = acquireRedis(sim, process, lock, record);
    if (granted === null) return { type: 'DENIED' };
    redisClientOf(process).value = granted.value;
    redisOf(sim).grantByValue[granted.value] = sim.grants.length;
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
  killSession: killDatabaseSession,
  handle: (sim, payload, lock) => {
    if (payload.kind === 'redisFailover') redisFailover(sim, lock);
    else redisPromote(sim);
    return null;
  },
  createState: newRedisLockState,
  createClient: newRedisClient,
  nightStarted: (sim) => {
    // The nodes exist, empty, from the night's start.
    const observe = redisObserver(sim);
    for (const node of redisNodeStates(redisOf(sim).store)) observe(sim.nowMs, node);
  },
  // Redis's wall clock decides expiry; a `clockJump` on `redis` moves it.
  clockNodes: ['redis'],
  // What the replica has received by then shows on its lane.
  nightEnded: (sim, endMs) => flushRedis(redisOf(sim).store, redisObserver(sim), endMs),
  eventPayload: (event) => (event.type === 'redisFailover' ? { kind: 'redisFailover' } : null),
  endpoint: 'redis',
  refusedEvents: redisRefusals,
  // The store reports its nodes itself, as they change (`redisObserver`).
  recordsEveryStep: false,
  serviceView: () => null,
  lint: () => [],
  issuesTokens: (lock) => lock.token !== 'none',
};

/** A night without a Redis lock has no Redis clock to jump, and no Redis (with a replica) to fail over. */
function redisRefusals(scenario: ResolvedScenario): Refusal[] {
  const found: Refusal[] = [];
  for (const event of scenario.events) {
    if (event.type === 'clockJump' && event.node === 'redis' && scenario.lock.kind !== 'redis') {
      found.push({
        path: `events[${event.index}].node`,
        message: '"redis" has no clock in a night without a Redis lock',
      });
    }
    if (event.type === 'redisFailover' && (scenario.lock.kind !== 'redis' || scenario.lock.replica === null)) {
      found.push({
        path: `events[${event.index}].type`,
        message: '"redisFailover" needs a Redis lock with a replica (lock.kind "redis" and lock.replica)',
      });
    }
  }
  return found;
}
