/**
 * The human form of a check report: a verdict line a grader can grep (`SAFE` / `UNSAFE`, the
 * file, the reason), then grants, writes, runs and violations as aligned tables. Pure.
 */
import type { JobKind } from '../model/resolvedScenario';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import { doneTimes, itemName, safeSummary } from '../sim/readings/jobWords';
import { formatTable } from './table';

const INDENT = '    ';

/** The whole report of one file, ending in a newline, in the words of its job. */
export function formatCheckReport(report: CheckReport, job: JobKind = 'reconcile'): string {
  return `${verdictLine(report, job)}\n${formatCheckReportBody(report, job)}`;
}

/** Everything under the verdict line: for a report whose verdict is said in other words (the lab's). */
export function formatCheckReportBody(report: CheckReport, job: JobKind = 'reconcile'): string {
  return [
    report.truncatedAt === undefined
      ? ''
      : `${INDENT}note: the night asked for more work than the engine runs; it stopped at ${report.truncatedAt}\n`,
    section(
      'grants',
      report.grants.map((grant) => [
        grant.replica,
        tokenText(grant.token),
        grant.at,
        `until ${grant.until ?? 'released'}`,
      ]),
    ),
    section(
      'writes',
      report.writes.map((write) => [
        write.replica,
        itemName(job, write.order),
        tokenText(write.token),
        `${write.sentAt} -> ${write.at}`,
        write.result,
      ]),
    ),
    section(
      'runs',
      report.runs
        .filter((run) => run.outcome !== 'skipped')
        .map((run) => [
          run.replica,
          tokenText(run.token),
          `${run.start} -> ${run.end ?? 'still running'}`,
          run.outcome ?? 'running',
        ]),
    ),
    skippedLine(report),
    section(
      'violations',
      report.violations.map((violation) => [violation.invariant, violation.at, violation.message]),
    ),
  ].join('');
}

/** `UNSAFE s07.json: order 1003 applied twice` or `SAFE s07.json: ...`. */
export function verdictLine(report: CheckReport, job: JobKind = 'reconcile'): string {
  if (report.safe) return `SAFE ${report.file}: ${safeSummary(job)}`;
  return `UNSAFE ${report.file}: ${unsafeReasons(report, job).join('; ')}`;
}

/** Why a report is unsafe, in the engine's own words: I3 violations, then I4, without repeats. */
function unsafeReasons(report: CheckReport, job: JobKind): string[] {
  const reasons = ['I3', 'I4'].flatMap((invariant) =>
    report.violations.filter((violation) => violation.invariant === invariant).map((violation) => violation.message),
  );
  if (reasons.length === 0) {
    reasons.push(...report.doubleApplied.map(({ order, times }) => doneTimes(job, order, times)));
  }
  return reasons.length === 0 ? ['see violations'] : [...new Set(reasons)];
}

/**
 * Retry polls that were denied the lock make most of a night's runs; one line per night
 * says how many each replica had (`--json` lists them all).
 */
function skippedLine(report: CheckReport): string {
  const perReplica = new Map<string, number>();
  for (const run of report.runs) {
    if (run.outcome === 'skipped') perReplica.set(run.replica, (perReplica.get(run.replica) ?? 0) + 1);
  }
  if (perReplica.size === 0) return '';
  const counts = [...perReplica]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([replica, count]) => `${replica} ${count}`)
    .join(', ');
  return `  skipped runs (lock denied or night already done): ${counts}\n`;
}

function section(title: string, rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return `  ${title}: none\n`;
  return `  ${title}\n${formatTable(rows, INDENT)}`;
}

function tokenText(token: number | null): string {
  return token === null ? 'no token' : `token ${token}`;
}
