/**
 * The jobs, one per job kind. Adding a job is its folder under `jobs/` and its line here (a
 * kind without a job does not compile); the kernel asks `jobOf`.
 */
import type { JobKind } from '../../model/resolvedScenario';
import { cleanupJob } from './cleanup/cleanupJob';
import { digestJob } from './digest/digestJob';
import type { Job } from './job';
import { outboxJob } from './outbox/outboxJob';
import { reconciliationJob } from './reconcile/reconciliationJob';

type Jobs = { readonly [K in JobKind]: Job };

const JOBS: Jobs = {
  reconcile: reconciliationJob,
  outbox: outboxJob,
  digest: digestJob,
  cleanup: cleanupJob,
};

/** The job of `kind`, to be called with the state its `createState` made for the night. */
export function jobOf(kind: JobKind): Job {
  return JOBS[kind];
}
