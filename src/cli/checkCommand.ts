/**
 * `leaseline check FILE... [--json]`: simulate each file and say what happened. Exit 0 when
 * every file is safe, 1 when any is unsafe, 2 when any is invalid, unreadable or cannot be
 * simulated (docs/scenario-format.md). Problems go to stderr as `file: path: message`, never a stack trace;
 * keys that are not fields as `file: warning: ...` there too, and under `"warnings"` in `--json`
 * (a warning alone never changes the exit status: the night is simulated without the key).
 */
import type { JobKind } from '../model/resolvedScenario';
import type { ScenarioError, ScenarioWarning } from '../model/scenarioError';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import { type CliContext, EXIT_INVALID, EXIT_OK, EXIT_UNSAFE } from './cliContext';
import { formatCheckReport } from './formatCheckReport';
import { printScenarioErrors, printScenarioWarnings, readRunnableScenario, warningsJson } from './readScenarioFile';

export interface CheckOptions {
  readonly files: readonly string[];
  readonly json: boolean;
}

/** One file's outcome: a report, or the reasons it could not be checked; and its warnings. */
type FileOutcome = (
  | { readonly kind: 'report'; readonly report: CheckReport; readonly job: JobKind }
  | { readonly kind: 'invalid'; readonly file: string; readonly errors: readonly ScenarioError[] }
) & { readonly warnings: readonly ScenarioWarning[] };

/** Runs `check`; returns the exit status. */
export function runCheck(context: CliContext, options: CheckOptions): number {
  const outcomes = options.files.map((file) => checkFile(context, file));
  for (const outcome of outcomes) {
    if (outcome.kind === 'invalid') printScenarioErrors(context.io, outcome.errors);
    printScenarioWarnings(context.io, outcome.warnings);
  }
  if (options.json) context.io.stdout(jsonOutput(outcomes));
  else context.io.stdout(humanOutput(outcomes));
  if (outcomes.some((outcome) => outcome.kind === 'invalid')) return EXIT_INVALID;
  if (outcomes.some((outcome) => outcome.kind === 'report' && !outcome.report.safe)) return EXIT_UNSAFE;
  return EXIT_OK;
}

function checkFile(context: CliContext, file: string): FileOutcome {
  const loaded = readRunnableScenario(context, file);
  const { warnings } = loaded;
  if (!loaded.ok) return { kind: 'invalid', file, errors: loaded.errors, warnings };
  try {
    const report = context.engine.report(file, loaded.scenario);
    return { kind: 'report', report, job: loaded.scenario.job.kind, warnings };
  } catch (error) {
    // An engine assertion is a Leaseline bug: say so plainly and keep checking other files.
    const reason = error instanceof Error ? error.message : String(error);
    const message = `the simulator failed on this file (a bug in Leaseline, please report it): ${reason}`;
    return { kind: 'invalid', file, errors: [{ source: file, path: '$', message }], warnings };
  }
}

/**
 * An object for one file, an array for several. An invalid file gets its errors; every file
 * its `warnings` (an empty list when there are none, so a reader need not test for the key).
 */
function jsonOutput(outcomes: readonly FileOutcome[]): string {
  const objects = outcomes.map((outcome) => {
    const warnings = warningsJson(outcome.warnings);
    if (outcome.kind === 'report') return { ...outcome.report, warnings };
    return { file: outcome.file, errors: outcome.errors.map(({ path, message }) => ({ path, message })), warnings };
  });
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
