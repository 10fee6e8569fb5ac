/**
 * `leaseline check FILE... [--json]`: simulate each file and say what happened. Exit 0 when
 * every file is safe, 1 when any is unsafe, 2 when any is invalid, unreadable or cannot be
 * simulated (docs/scenario-format.md). Problems go to stderr as `file: path: message`, never a stack trace.
 */
import type { JobKind } from '../model/resolvedScenario';
import type { ScenarioError } from '../model/scenarioError';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import { type CliContext, EXIT_INVALID, EXIT_OK, EXIT_UNSAFE } from './cliContext';
import { formatCheckReport } from './formatCheckReport';
import { printScenarioErrors, readRunnableScenario } from './readScenarioFile';

export interface CheckOptions {
  readonly files: readonly string[];
  readonly json: boolean;
}

/** One file's outcome: a report, or the reasons it could not be checked. */
type FileOutcome =
  | { readonly kind: 'report'; readonly report: CheckReport; readonly job: JobKind }
  | { readonly kind: 'invalid'; readonly file: string; readonly errors: readonly ScenarioError[] };

/** Runs `check`; returns the exit status. */
export function runCheck(context: CliContext, options: CheckOptions): number {
  const outcomes = options.files.map((file) => checkFile(context, file));
  for (const outcome of outcomes) {
    if (outcome.kind === 'invalid') printScenarioErrors(context.io, outcome.errors);
  }
  if (options.json) context.io.stdout(jsonOutput(outcomes));
  else context.io.stdout(humanOutput(outcomes));
  if (outcomes.some((outcome) => outcome.kind === 'invalid')) return EXIT_INVALID;
  if (outcomes.some((outcome) => outcome.kind === 'report' && !outcome.report.safe)) return EXIT_UNSAFE;
  return EXIT_OK;
}

function checkFile(context: CliContext, file: string): FileOutcome {
  const loaded = readRunnableScenario(context, file);
  if (!loaded.ok) return { kind: 'invalid', file, errors: loaded.errors };
  try {
    return { kind: 'report', report: context.engine.report(file, loaded.scenario), job: loaded.scenario.job.kind };
  } catch (error) {
    // An engine assertion is a Leaseline bug: say so plainly and keep checking other files.
    const reason = error instanceof Error ? error.message : String(error);
    const message = `the simulator failed on this file (a bug in Leaseline, please report it): ${reason}`;
    return { kind: 'invalid', file, errors: [{ source: file, path: '$', message }] };
  }
}

/** docs/scenario-format.md: an object for one file, an array for several. An invalid file gets its errors. */
function jsonOutput(outcomes: readonly FileOutcome[]): string {
  const objects = outcomes.map((outcome) =>
    outcome.kind === 'report'
      ? outcome.report
      : { file: outcome.file, errors: outcome.errors.map(({ path, message }) => ({ path, message })) },
  );
  return `${JSON.stringify(objects.length === 1 ? objects[0] : objects, null, 2)}\n`;
}

function humanOutput(outcomes: readonly FileOutcome[]): string {
  const blocks = outcomes.map((outcome) =>
    outcome.kind === 'report'
      ? formatCheckReport(outcome.report, outcome.job)
      : `INVALID ${outcome.file}: not checked (the reasons are on standard error)\n`,
  );
  if (outcomes.length > 1) blocks.push(`${summary(outcomes)}\n`);
  return blocks.join('\n');
}

function summary(outcomes: readonly FileOutcome[]): string {
  const count = (predicate: (outcome: FileOutcome) => boolean) => outcomes.filter(predicate).length;
  const safe = count((outcome) => outcome.kind === 'report' && outcome.report.safe);
  const unsafe = count((outcome) => outcome.kind === 'report' && !outcome.report.safe);
  const invalid = count((outcome) => outcome.kind === 'invalid');
  return `${outcomes.length} files: ${safe} safe, ${unsafe} unsafe, ${invalid} invalid`;
}
