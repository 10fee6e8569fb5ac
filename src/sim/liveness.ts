/**
 * I6 liveness (docs/model.md §8): tonight's work is not done at the window's end and no run is
 * still going. What "done" means is the job's (`Job.workLeft`): the reconciliation and the
 * cleanup marked the night done, the outbox relay published and committed every row, the
 * digest sent its email. Pure.
 */
import { jobOf } from './jobs/registry';
import type { Simulation } from './simulation';
import type { ViolationMessage } from './trace';

type RunMissed = Extract<ViolationMessage, { key: 'runMissed' }>;

/** The I6 message at the window's end, or null when the work is done or a run is still going. */
export function missedWork(sim: Simulation): RunMissed | null {
  const running = sim.processes.some((process) => process.run !== null && process.run.outcome === null);
  if (running) return null;
  const job = sim.scenario.job.kind;
  const undone = jobOf(job).workLeft(sim, sim.jobState);
  if (undone === null) return null;
  return { key: 'runMissed', byMs: sim.scenario.windowToMs, job, left: undone.left, total: undone.total };
}
