/**
 * The lock statements of a replica's run: acquire, the client-side holder check, release.
 * Each lock kind's service (`services/registry.ts`) runs them and records the grant it makes
 * (`grantLog.ts`), so invariants and the timeline see every kind alike.
 */
import type { ReplicaEvent } from '../machines/replicaMachine';
import type { RecordSql } from './database';
import type { ReplicaProcess } from './replicaProcess';
import { lockServiceOf } from './services/registry';
import type { Simulation } from './simulation';

export function acquire(sim: Simulation, process: ReplicaProcess, lockNowMs: number, record: RecordSql): ReplicaEvent {
  const lock = sim.scenario.lock;
  return lockServiceOf(lock).acquire(sim, process, lock, lockNowMs, record);
}

/** The client-side check of S08 ("am I still the holder?"); true without a lock. */
export function isHolder(sim: Simulation, process: ReplicaProcess, lockNowMs: number, record: RecordSql): boolean {
  const lock = sim.scenario.lock;
  return lockServiceOf(lock).isHolder(sim, process, lock, lockNowMs, record);
}

export function release(sim: Simulation, process: ReplicaProcess, lockNowMs: number, record: RecordSql): ReplicaEvent {
  const lock = sim.scenario.lock;
  return lockServiceOf(lock).release(sim, process, lock, lockNowMs, record);
}
