/**
 * I7 for ShedLock (docs/model.md §8, F3, F7): the settings ShedLock rejects or that are unsafe on
 * their face.
 */
import type { ResolvedScenario, ShedlockConfig } from '../../../model/resolvedScenario';
import { maxClockSkewMs, worstCaseRuntimeMs } from '../../scenarioBounds';
import type { ViolationMessage } from '../../trace';

/** ShedLock's KeepAliveLockProvider refuses shorter leases (F7). */
export const KEEP_ALIVE_MIN_AT_MOST_MS = 30_000;

export function shedlockFindings(scenario: ResolvedScenario, lock: ShedlockConfig): ViolationMessage[] {
  const findings: ViolationMessage[] = [];
  const atMostMs = lock.lockAtMostForMs;
  const atLeastMs = lock.lockAtLeastForMs;
  if (atLeastMs > atMostMs) findings.push({ key: 'atLeastExceedsAtMost', atLeastMs, atMostMs });
  const runtimeMs = worstCaseRuntimeMs(scenario);
  if (atMostMs < runtimeMs) findings.push({ key: 'atMostBelowRuntime', atMostMs, runtimeMs });
  const skewMs = maxClockSkewMs(scenario);
  if (skewMs > 0 && atLeastMs < skewMs) findings.push({ key: 'atLeastBelowSkew', atLeastMs, skewMs });
  if (lock.keepAlive && atMostMs < KEEP_ALIVE_MIN_AT_MOST_MS) findings.push({ key: 'keepAliveTooShort', atMostMs });
  return findings;
}
