/**
 * Snapshots of the coordination services for `ServiceHistory`: Redis nodes as their store
 * reports them, and the Lease record, the consensus keys, the outbox rows, the digest's record
 * and the cleanup's rows after each step of the night (the history drops snapshots that change
 * nothing).
 */
import { type CleanupView, type DigestView, type OutboxView, recordService } from './serviceHistory';
import { lockServiceOf } from './services/registry';
import type { Simulation } from './simulation';

/** True when the night has a service recorded step by step (Redis records itself). */
export function tracksServiceSteps(sim: Simulation): boolean {
  const job = sim.scenario.job.kind;
  return (
    lockServiceOf(sim.scenario.lock).recordsEveryStep || sim.outbox !== null || job === 'digest' || job === 'cleanup'
  );
}

/**
 * Records the lock service's view (the Lease record, the consensus keys), the outbox rows,
 * the digest's record and the cleanup's rows as they are now.
 */
export function recordServiceViews(sim: Simulation): void {
  const lock = sim.scenario.lock;
  const lockView = lockServiceOf(lock).serviceView(sim, lock);
  if (lockView) recordService(sim.services, sim.nowMs, lockView);
  if (sim.outbox) {
    const table = sim.outbox;
    const rows = table.sent.map((sent, row) => {
      const by = table.lockedBy[row] ?? null;
      return { state: sent ? ('sent' as const) : by !== null ? ('claimed' as const) : ('unsent' as const), by };
    });
    const view: OutboxView = { kind: 'outbox', rows };
    recordService(sim.services, sim.nowMs, view);
  }
  const job = sim.scenario.job.kind;
  if (job === 'digest') {
    const view: DigestView = { kind: 'digest', recorded: sim.db.runDone, sent: sim.db.appliedCount[0] ?? 0 };
    recordService(sim.services, sim.nowMs, view);
  }
  if (job === 'cleanup') {
    const view: CleanupView = { kind: 'cleanup', deleted: sim.db.appliedCount.map((count) => count > 0) };
    recordService(sim.services, sim.nowMs, view);
  }
}
