/**
 * The English words for a job's items and what happens to them, for the `leaseline` command
 * and the report's messages: the reconciliation applies orders, the outbox relay publishes
 * rows, the digest sends one email, the cleanup deletes expired rows. Each job has its own
 * (`Job.words`, in its folder under `jobs/`); these look them up by kind. Pure.
 */
import type { JobKind } from '../../model/resolvedScenario';
import { jobOf } from '../jobs/registry';

/** How one item is named in a list of writes: `order 1003`, `row 11`, `digest email`. */
export function itemName(job: JobKind, id: number): string {
  return jobOf(job).words.itemName(id);
}

/** What a safe night did right: the verdict line of `leaseline check`. */
export function safeSummary(job: JobKind): string {
  return jobOf(job).words.safeSummary;
}

/** One item done more than once: `order 1003 applied twice`, `outbox row 11 published twice`. */
export function doneTimes(job: JobKind, id: number, count: number): string {
  return jobOf(job).words.doneTimes(id, count);
}

/** I6 in the job's own terms: what was left undone at the window's end. */
export function missedText(job: JobKind, left: number, total: number): string {
  return jobOf(job).words.missedText(left, total);
}
