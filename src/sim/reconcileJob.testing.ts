/** Test fixture: the reconciliation job with the standard step durations and the given items. */
import type { ResolvedItem, ResolvedJob } from '../model/resolvedScenario';

export function reconcileJob(items: readonly ResolvedItem[]): ResolvedJob {
  return {
    kind: 'reconcile',
    items,
    loadMs: 20_000,
    perItemMs: 30_000,
    markDoneMs: 10_000,
    skipIfDone: false,
    claim: 'skipLocked',
    batch: Number.MAX_SAFE_INTEGER,
    sendOrder: 'claimThenSend',
  };
}
