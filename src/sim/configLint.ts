/**
 * I7, the configuration lint (DOMAIN.md §8, F3, F7): settings ShedLock rejects or that are
 * unsafe on their face, reported before the night is run. Pure.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { ViolationMessage } from './trace';

/** ShedLock's KeepAliveLockProvider refuses shorter leases (F7). */
export const KEEP_ALIVE_MIN_AT_MOST_MS = 30_000;

export function lintConfiguration(scenario: ResolvedScenario): ViolationMessage[] {
  const findings: ViolationMessage[] = [];
  const lock = scenario.lock;
  if (lock.kind === 'shedlock') {
    const atMostMs = lock.lockAtMostForMs;
    const atLeastMs = lock.lockAtLeastForMs;
    if (atLeastMs > atMostMs) findings.push({ key: 'atLeastExceedsAtMost', atLeastMs, atMostMs });
    const runtimeMs = worstCaseRuntimeMs(scenario);
    if (atMostMs < runtimeMs) findings.push({ key: 'atMostBelowRuntime', atMostMs, runtimeMs });
    const skewMs = maxClockSkewMs(scenario);
    if (skewMs > 0 && atLeastMs < skewMs) findings.push({ key: 'atLeastBelowSkew', atLeastMs, skewMs });
    if (lock.keepAlive && atMostMs < KEEP_ALIVE_MIN_AT_MOST_MS) findings.push({ key: 'keepAliveTooShort', atMostMs });
  }
  if (lock.kind === 'lease') {
    const { leaseDurationMs, renewDeadlineMs, retryPeriodMs } = lock;
    if (!(leaseDurationMs > renewDeadlineMs && renewDeadlineMs > 1.2 * retryPeriodMs)) {
      findings.push({ key: 'leaseConstraint', leaseDurationMs, renewDeadlineMs, retryPeriodMs });
    }
  }
  const hasToken =
    (lock.kind === 'shedlock' && lock.token) ||
    (lock.kind === 'redis' && lock.token !== 'none') ||
    (lock.kind === 'lease' && lock.token) ||
    lock.kind === 'etcd' ||
    lock.kind === 'zookeeper';
  if (scenario.storage.fencing !== 'off' && !hasToken) findings.push({ key: 'fencingWithoutToken' });
  return findings;
}

/** The longest undisturbed run any replica would take: load, every item, mark done. */
export function worstCaseRuntimeMs(scenario: ResolvedScenario): number {
  const itemCount = scenario.job.items.length;
  let worstMs = 0;
  for (const replica of scenario.replicas) {
    worstMs = Math.max(worstMs, replica.loadMs + itemCount * replica.perItemMs + replica.markDoneMs);
  }
  return worstMs;
}

/** The largest difference between two replicas' clock offsets. */
export function maxClockSkewMs(scenario: ResolvedScenario): number {
  const offsets = scenario.replicas.map((replica) => replica.clockOffsetMs);
  return offsets.length === 0 ? 0 : Math.max(...offsets) - Math.min(...offsets);
}
