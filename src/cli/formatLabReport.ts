/**
 * The lab's report as text: the lab's own lines (database, worker, pauses, times), the
 * verdict, the acceptance test step by step, then the check report's tables. The verdict says
 * SAFE only when the acceptance test happened; a run where a step is missing says "NOT
 * TESTED" and names it, and a `--pause none` run says it was not the acceptance test. Pure.
 */
import type { AcceptanceStepId } from '../lab/acceptanceSteps';
import type { LabRedisReport, LabReport, LabVerdict } from '../lab/labReport';
import { safeSummary } from '../sim/readings/jobWords';
import { EXIT_INVALID, EXIT_OK, EXIT_UNSAFE } from './cliContext';
import { formatCheckReportBody, verdictLine } from './formatCheckReport';
import { formatTable } from './table';

const STEP_WORDS: Record<AcceptanceStepId, string> = {
  holderCommitted: 'a holder committed',
  pausedPastLease: 'paused past its lease',
  takeoverCommitted: 'a takeover committed',
  resumed: 'resumed, lived on',
};

const STATUS_WORDS = { observed: 'observed', missing: 'MISSING', notReached: 'not reached' } as const;

const EXIT_OF_VERDICT: Record<LabVerdict, number> = {
  safe: EXIT_OK,
  'no-pause': EXIT_OK,
  unsafe: EXIT_UNSAFE,
  incomplete: EXIT_INVALID,
};

/** 0 Safe (or a `--pause none` run that ran the job), 1 applied twice or stale token accepted, 2 the acceptance test did not happen. */
export function labExitStatus(report: LabReport): number {
  return EXIT_OF_VERDICT[report.verdict];
}

/** The reason an incomplete run exits 2, in one sentence; null for any other verdict. */
export function incompleteReason(report: LabReport): string | null {
  return report.verdict === 'incomplete'
    ? `the acceptance test did not happen: ${report.acceptance.missing.join('; ')}`
    : null;
}

export function formatLabReport(report: LabReport): string {
  const pauses =
    report.pauses.length === 0
      ? 'none'
      : report.pauses
          .map((pause) => `${pause.replica} ${pause.from} -> ${pause.to ?? 'end'} (SIGSTOP/SIGCONT)`)
          .join(', ');
  const header = [
    `lab: ${report.database.split(',')[0]}, worker ${report.worker}, scale ${report.scale} ms per simulated second`,
    ...(report.redis === undefined ? [] : [redisLine(report.redis)]),
    ...(report.etcd === undefined ? [] : [`lab: the lock on ${report.etcd.server}`]),
    `lab: pauses: ${pauses}`,
    `lab: database start ${(report.timings.databaseStartMs / 1000).toFixed(1)} s, whole lab ${(report.timings.totalMs / 1000).toFixed(1)} s (times below are simulated time of night)`,
  ];
  return `${header.join('\n')}\n${labVerdictLine(report)}\n${acceptanceSection(report)}${formatCheckReportBody(report)}`;
}

/** `lab: the lock on redis-server 7.0.15, primary and replica; the primary killed (SIGKILL) at ..., the replica promoted at ...`. */
function redisLine(redis: LabRedisReport): string {
  const failover =
    redis.failover === null
      ? ''
      : `; the primary killed (SIGKILL) at ${redis.failover.primaryKilled}, the replica promoted at ${redis.failover.replicaPromoted ?? 'never'}`;
  return `lab: the lock on ${redis.server}${failover}`;
}

/** `SAFE lab: ...`, `UNSAFE lab: ...`, `NOT TESTED lab: the acceptance test did not happen: ...`. */
export function labVerdictLine(report: LabReport): string {
  switch (report.verdict) {
    case 'safe':
      return `${verdictLine(report)}; the acceptance test happened, every step observed`;
    case 'unsafe':
      return verdictLine(report);
    case 'no-pause':
      return `NOT THE ACCEPTANCE TEST ${report.file}: no pause was made (--pause none); ${safeSummary('reconcile')}`;
    case 'incomplete':
      return `NOT TESTED ${report.file}: ${incompleteReason(report)}`;
  }
}

function acceptanceSection(report: LabReport): string {
  const rows = report.acceptance.steps.map((step) => [STEP_WORDS[step.step], STATUS_WORDS[step.status], step.says]);
  return `  acceptance test\n${formatTable(rows, '    ')}`;
}
