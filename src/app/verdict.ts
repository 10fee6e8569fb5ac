import type { CheckReport } from '../sim/checkReportTypes';

/**
 * Why a report is unsafe, as data for the verdict sentence (translated by the component).
 * Pure. FORMAT.md: unsafe iff an item was applied more than once (I3) or an accepted write
 * carried a token lower than one accepted before it (I4). I3 reasons come from the
 * structured `doubleApplied` list, grouped by how often the orders were applied so the
 * sentence stays short (S07 without fencing doubles three orders); I4 has no structured
 * field, so its messages are used, each once.
 */
export type UnsafeReason =
  | { readonly kind: 'doubleApplied'; readonly orders: readonly number[]; readonly times: number }
  | { readonly kind: 'staleAccepted'; readonly message: string };

export function unsafeReasons(report: CheckReport): readonly UnsafeReason[] {
  if (report.safe) return [];
  const ordersByTimes = new Map<number, number[]>();
  for (const { order, times } of report.doubleApplied) {
    const orders = ordersByTimes.get(times) ?? [];
    orders.push(order);
    ordersByTimes.set(times, orders);
  }
  const doubles = [...ordersByTimes].map(([times, orders]): UnsafeReason => ({ kind: 'doubleApplied', orders, times }));
  const staleMessages = new Set(
    report.violations.filter((violation) => violation.invariant === 'I4').map(({ message }) => message),
  );
  const stale = [...staleMessages].map((message): UnsafeReason => ({ kind: 'staleAccepted', message }));
  return [...doubles, ...stale];
}

/** Orders that were applied more than once, for marking their writes in the table. */
export function doubleAppliedOrders(report: CheckReport): ReadonlySet<number> {
  return new Set(report.doubleApplied.map(({ order }) => order));
}
