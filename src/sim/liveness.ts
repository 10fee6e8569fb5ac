/**
 * I6 liveness (DOMAIN.md §8), per job: what "tonight's work is done" means differs. The
 * reconciliation and the cleanup are done when a run marked the night done (`recon_run(D)`);
 * the outbox relay has no such record, it is done when every row is published and committed as
 * sent; the digest is done when its email went out, whether or not the record says so (a
 * record inserted by a replica that then died hides a digest nobody sent). Pure.
 */
import type { Simulation } from './simulation';
import type { ViolationMessage } from './trace';

type RunMissed = Extract<ViolationMessage, { key: 'runMissed' }>;

/** The I6 message at the window's end, or null when the work is done or a run is still going. */
export function missedWork(sim: Simulation): RunMissed | null {
  const running = sim.processes.some((process) => process.run !== null && process.run.outcome === null);
  if (running) return null;
  const job = sim.scenario.job.kind;
  const byMs = sim.scenario.windowToMs;
  const total = sim.scenario.job.items.length;
  switch (job) {
    case 'outbox': {
      const left = sim.outbox ? sim.outbox.sent.filter((sent) => !sent).length : total;
      return left === 0 ? null : { key: 'runMissed', byMs, job, left, total };
    }
    case 'digest':
      return (sim.db.appliedCount[0] ?? 0) > 0 ? null : { key: 'runMissed', byMs, job, left: 1, total: 1 };
    case 'reconcile':
    case 'cleanup':
      return sim.db.runDone ? null : { key: 'runMissed', byMs, job, left: sim.db.pendingItems().length, total };
  }
}
