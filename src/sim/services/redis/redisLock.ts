/**
 * The `redis` lock's statements (docs/model.md §5.4): acquire with `SET NX PX` (and `INCR` in the
 * same script for `token: incr`, or a token minted in the database for `token: db`), the
 * holder check with `GET`, release by compare-and-delete or plain `DEL`, the operator's
 * forced expiry, and the primary's failover. Each value names its grant (`A:3`), so a release
 * or a lost key ends the right grant.
 */
import type { RedisConfig } from '../../../model/resolvedScenario';
import type { RecordSql } from '../../database';
import { type RedisContext, type RedisProcess, redisClientOf, redisObserver, redisOf } from './redisLockState';
import { redisAvailable, redisDelete, redisGet, redisSetNx } from './redisStore';

export interface RedisGrant {
  readonly token: number | null;
  readonly untilClockMs: number;
  readonly value: string;
}

/** `SET NX PX`; null when denied or Redis is unreachable. */
export function acquireRedis(
  sim: RedisContext,
  process: RedisProcess,
  config: RedisConfig,
  record: RecordSql,
): RedisGrant | null {
  const { store } = redisOf(sim);
  const incr = config.token === 'incr';
  if (!redisAvailable(store)) {
    record({ kind: 'redisUnavailable', command: 'SET' }, 0, 'denied');
    return null;
  }
  const value = `${process.id}:${sim.grants.length}`;
  const wallMs = sim.clockOf('redis').wallAt(sim.nowMs);
  const result = redisSetNx(store, redisObserver(sim), sim.nowMs, wallMs, { value, ttlMs: config.ttlMs, incr });
  record({ kind: 'redisSet', value, ttlMs: config.ttlMs, incr }, result.ok ? 1 : 0, result.ok ? 'granted' : 'denied');
  if (!result.ok) return null;
  let token: number | null = null;
  if (config.token === 'incr') token = result.counter;
  if (config.token === 'db') {
    // The fix of S10: the token comes from the database's sequence, in the same step.
    sim.db.tokenSequence += 1;
    token = sim.db.tokenSequence;
    record({ kind: 'mintToken' }, 1, 'minted');
  }
  return { token, untilClockMs: wallMs + config.ttlMs, value };
}

export function isRedisHolder(sim: RedisContext, process: RedisProcess, record: RecordSql): boolean {
  const { store } = redisOf(sim);
  if (!redisAvailable(store)) {
    record({ kind: 'redisUnavailable', command: 'GET' }, 0, 'notHolder');
    return false;
  }
  const current = redisGet(store, redisObserver(sim), sim.nowMs, sim.clockOf('redis').wallAt(sim.nowMs));
  const holder = current !== null && current === redisClientOf(process).value;
  record({ kind: 'redisGet' }, current === null ? 0 : 1, holder ? 'holder' : 'notHolder');
  return holder;
}

/** Release: compare-and-delete, or `DEL`, which removes whatever key is there (someone else's too). */
export function releaseRedis(sim: RedisContext, process: RedisProcess, config: RedisConfig, record: RecordSql): void {
  const { store } = redisOf(sim);
  if (!redisAvailable(store)) {
    record({ kind: 'redisUnavailable', command: 'DEL' }, 0, 'noop');
    return;
  }
  const observe = redisObserver(sim);
  const wallMs = sim.clockOf('redis').wallAt(sim.nowMs);
  const victim = redisGet(store, observe, sim.nowMs, wallMs);
  const expected = config.release === 'compareAndDelete' ? redisClientOf(process).value : null;
  const deleted = redisDelete(store, observe, sim.nowMs, wallMs, expected);
  record({ kind: 'redisDel', value: expected }, deleted ? 1 : 0, deleted ? 'released' : 'noop');
  if (deleted && victim !== null) endGrantOf(sim, victim, 'released');
}

/** An operator deletes the key. */
export function forceExpireRedis(sim: RedisContext): void {
  const { store } = redisOf(sim);
  if (!redisAvailable(store)) return;
  const observe = redisObserver(sim);
  const wallMs = sim.clockOf('redis').wallAt(sim.nowMs);
  const victim = redisGet(store, observe, sim.nowMs, wallMs);
  const deleted = redisDelete(store, observe, sim.nowMs, wallMs, null);
  sim.sqlRecorder(null, null)({ kind: 'redisDel', value: null }, deleted ? 1 : 0, deleted ? 'expired' : 'noop');
  if (deleted && victim !== null) endGrantOf(sim, victim, 'forced');
}

/** The replica takes over: a grant whose key it never received is lost at this instant. */
export function afterPromotion(sim: RedisContext, keyBefore: string | null): void {
  if (keyBefore === null) return;
  const { store } = redisOf(sim);
  const current = redisGet(store, redisObserver(sim), sim.nowMs, sim.clockOf('redis').wallAt(sim.nowMs));
  if (current !== keyBefore) endGrantOf(sim, keyBefore, 'failover');
}

function endGrantOf(sim: RedisContext, value: string, reason: 'released' | 'forced' | 'failover'): void {
  const grantId = redisOf(sim).grantByValue[value];
  const grant = grantId === undefined ? undefined : sim.grants[grantId];
  if (grant && grant.endMs === null) {
    sim.changeGrant(grant, { endMs: sim.nowMs, endReason: reason });
  }
}
