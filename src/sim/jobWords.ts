/**
 * The English words for a job's items and what happens to them, for the `leaseline` command
 * and the report's messages: the reconciliation applies orders, the outbox relay publishes
 * rows, the digest sends one email, the cleanup deletes expired rows. A job without orders
 * never reads "order". The app has the same words in its translations. Pure.
 */
import type { JobKind } from '../model/resolvedScenario';

/** How one item is named in a list of writes: `order 1003`, `row 11`, `digest email`. */
export function itemName(job: JobKind, id: number): string {
  switch (job) {
    case 'reconcile':
      return `order ${id}`;
    case 'outbox':
      return `row ${id}`;
    case 'digest':
      return 'digest email';
    case 'cleanup':
      return `row ${id}`;
  }
}

/** What a safe night did right: the verdict line of `leaseline check`. */
export function safeSummary(job: JobKind): string {
  switch (job) {
    case 'reconcile':
      return 'no order applied twice, no stale token accepted';
    case 'outbox':
      return 'no outbox row published twice';
    case 'digest':
      return 'the digest email sent at most once';
    case 'cleanup':
      return 'no expired row deleted twice';
  }
}

const times = (count: number): string => (count === 2 ? 'twice' : `${count} times`);

/** One item done more than once: `order 1003 applied twice`, `outbox row 11 published twice`. */
export function doneTimes(job: JobKind, id: number, count: number): string {
  switch (job) {
    case 'reconcile':
      return `order ${id} applied ${times(count)}`;
    case 'outbox':
      return `outbox row ${id} published ${times(count)}`;
    case 'digest':
      return `digest email sent ${times(count)}`;
    case 'cleanup':
      return `expired row ${id} deleted ${times(count)}`;
  }
}

/** I6 in the job's own terms: what was left undone at the window's end. */
export function missedText(job: JobKind, left: number, total: number): string {
  switch (job) {
    case 'reconcile':
      return 'run missed: the night was not marked done and no run is in progress';
    case 'outbox':
      return `not every row published: ${left} of ${total} outbox rows still unsent and no relay is working on them`;
    case 'digest':
      return "digest not sent: no replica sent tonight's email and no run is in progress";
    case 'cleanup':
      return `cleanup not done: the night was not marked done and no run is in progress (${left} of ${total} expired rows left)`;
  }
}
