/**
 * The `leaseline check` report of one night (docs/scenario-format.md): safe iff nothing was applied twice
 * (I3) and no accepted write carried a token lower than one accepted before it (I4). Pure.
 */
import type { ResolvedScenario } from '../../model/resolvedScenario';
import { formatTimeOfNightMs } from '../../model/timeOfNight';
import { validUntilMs } from '../invariants';
import type { Trace } from '../trace';
import type { CheckReport } from './checkReportTypes';
import { describeViolation } from './describeViolation';

export function buildCheckReport(file: string, scenario: ResolvedScenario, trace: Trace): CheckReport {
  const time = formatTimeOfNightMs;
  const doubleApplied = scenario.job.items.flatMap((item, index) => {
    const count = trace.appliedCount[index] ?? 0;
    return count > 1 ? [{ order: item.order, times: count }] : [];
  });
  return {
    file,
    safe: isSafe(trace),
    doubleApplied,
    grants: trace.grants.map((grant) => ({
      replica: grant.replica,
      token: grant.token,
      at: time(grant.grantMs),
      // A lock with no expiry that was never released has no `until`.
      until: grant.expires || grant.endMs !== null ? time(validUntilMs(grant)) : null,
    })),
    writes: trace.writes.map((write) => ({
      replica: write.replica,
      order: write.order,
      token: write.token,
      sentAt: time(write.sentMs),
      at: time(write.atMs),
      result: write.result,
    })),
    runs: trace.runs.map((run) => ({
      replica: run.replica,
      token: run.token,
      start: time(run.startMs),
      end: run.endMs === null ? null : time(run.endMs),
      outcome: run.outcome,
    })),
    violations: trace.violations.map((violation) => ({
      invariant: violation.invariant,
      at: time(violation.atMs),
      message: describeViolation(violation.message),
    })),
    ...(trace.truncatedAtMs === null ? {} : { truncatedAt: time(trace.truncatedAtMs) }),
  };
}

/** Safe iff no I3 and no I4 violation. */
export function isSafe(trace: Trace): boolean {
  return !trace.violations.some((violation) => violation.invariant === 'I3' || violation.invariant === 'I4');
}
