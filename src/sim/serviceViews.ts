/**
 * Snapshots of the coordination services for `ServiceHistory`: Redis nodes as their store
 * reports them, and the Lease record, the consensus keys, and the job's lane (the outbox rows,
 * the digest's record, the cleanup's rows) after each step of the night (the history drops
 * snapshots that change nothing).
 */
import { jobOf } from './jobs/registry';
import { lockServiceOf } from './services/registry';
import type { Simulation } from './simulation';

/** True when the night has a service recorded step by step (Redis records itself). */
export function tracksServiceSteps(sim: Simulation): boolean {
  return lockServiceOf(sim.scenario.lock).recordsEveryStep || jobOf(sim.scenario.job.kind).recordsEveryStep;
}

/**
 * Records the lock service's view (the Lease record, the consensus keys) and the job's (the
 * outbox rows, the digest's record, the cleanup's rows) as they are now.
 */
export function recordServiceViews(sim: Simulation): void {
  const lock = sim.scenario.lock;
  const lockView = lockServiceOf(lock).serviceView(sim, lock);
  if (lockView) sim.recordServiceView(sim.nowMs, lockView);
  const jobView = jobOf(sim.scenario.job.kind).serviceView(sim, sim.jobState);
  if (jobView) sim.recordServiceView(sim.nowMs, jobView);
}
