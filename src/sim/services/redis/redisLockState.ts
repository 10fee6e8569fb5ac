/**
 * The `redis` service's state for the night: the Redis nodes (`redisStore.ts`) and which grant
 * each lock value belongs to, plain data in `Simulation.lockState`.
 */
import type { RedisConfig, ResolvedScenario } from '../../../model/resolvedScenario';
import type { GrantLog } from '../../grantLog';
import type { ReplicaProcess } from '../../replicaProcess';
import { serviceDataOf } from '../../serviceData';
import type { Simulation } from '../../simulation';
import { redisNodeView } from './redisNodeView';
import { newRedisStore, type RedisObserver, type RedisStore } from './redisStore';

/** What the Redis lock touches of the simulation (a test's fake context provides it). */
export type RedisContext = GrantLog &
  Pick<Simulation, 'db' | 'lockState' | 'clockOf' | 'changeGrant' | 'sqlRecorder' | 'schedule' | 'recordServiceView'>;

/** What the Redis lock knows of a replica's process: its name and the value it set. */
export type RedisProcess = Pick<ReplicaProcess, 'id' | 'lockClient' | 'session' | 'sessionEpoch'>;

/** The Redis lock's client on a process (`lockClient`): the value it set on the key for its current grant. */
export interface RedisClient {
  readonly kind: 'redis';
  value: string | null;
}

export function newRedisClient(): RedisClient {
  return { kind: 'redis', value: null };
}

/** The process's Redis client. */
export function redisClientOf(process: Pick<ReplicaProcess, 'lockClient'>): RedisClient {
  return serviceDataOf<RedisClient>(process.lockClient, 'redis', 'a Redis process without its client');
}

export interface RedisLockState {
  readonly kind: 'redis';
  readonly store: RedisStore;
  /** Which grant each Redis lock value belongs to (values are unique per grant; a plain record). */
  readonly grantByValue: Record<string, number>;
}

/** Empty nodes; the INCR counter starts at `storage.lastToken`. */
export function newRedisLockState(scenario: ResolvedScenario, lock: RedisConfig): RedisLockState {
  return {
    kind: 'redis',
    store: newRedisStore(scenario.storage.lastToken, lock.replica?.lagMs ?? null),
    grantByValue: {},
  };
}

/** The night's Redis (the service's own state). */
export function redisOf(sim: Pick<Simulation, 'lockState'>): RedisLockState {
  return serviceDataOf<RedisLockState>(sim.lockState, 'redis', 'a Redis lock without its nodes');
}

/** Records what a Redis node holds after a change on the timeline's Redis lanes. */
export function redisObserver(sim: Pick<RedisContext, 'recordServiceView' | 'clockOf'>): RedisObserver {
  return (atMs, state) => sim.recordServiceView(atMs, redisNodeView(state, sim.clockOf('redis'), atMs));
}
