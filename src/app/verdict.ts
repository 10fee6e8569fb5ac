import type { CheckReport } from '../sim/checkReportTypes';

/**
 * Why a report is unsafe, as data for the verdict sentence (translated by the component).
 * Pure. FORMAT.md: unsafe iff an item was applied more than once (I3) or an accepted write
 * carried a token lower than one accepted before it (I4). I3 reasons come from the
 * structured `doubleApplied` list; I4 has no structured field, so its message is used.
 */
export type UnsafeReason =
  | { readonly kind: 'doubleApplied'; readonly order: number; readonly times: number }
  | { readonly kind: 'staleAccepted'; readonly message: string };

export function unsafeReasons(report: CheckReport): readonly UnsafeReason[] {
  if (report.safe) return [];
  const doubles = report.doubleApplied.map(
    ({ order, times }): UnsafeReason => ({ kind: 'doubleApplied', order, times }),
  );
  const stale = report.violations
    .filter((violation) => violation.invariant === 'I4')
    .map(({ message }): UnsafeReason => ({ kind: 'staleAccepted', message }));
  return [...doubles, ...stale];
}

/** Orders that were applied more than once, for marking their writes in the table. */
export function doubleAppliedOrders(report: CheckReport): ReadonlySet<number> {
  return new Set(report.doubleApplied.map(({ order }) => order));
}
