/**
 * `leaseline trace FILE [--json]`: simulate one file and print everything that happened: one
 * line per entry (the golden files' form), or with `--json` the full trace as data, every SQL
 * statement with its kind, bound values, text, rows and outcome (docs/scenario-format.md).
 * Exit 0 once printed, 2 when the file is invalid or cannot be simulated. Keys that are not
 * fields are warned about on stderr and, with `--json`, listed under `"warnings"`.
 */
import { traceJson } from '../sim/readings/traceJson';
import { renderTraceText } from '../sim/readings/traceText';
import { type CliContext, EXIT_INVALID, EXIT_OK } from './cliContext';
import { printLoadProblems, printScenarioErrors, readRunnableScenario, warningsJson } from './readScenarioFile';

export interface TraceOptions {
  readonly file: string;
  readonly json: boolean;
}

export function runTrace(context: CliContext, options: TraceOptions): number {
  const { file } = options;
  const loaded = readRunnableScenario(context, file);
  printLoadProblems(context.io, loaded);
  if (!loaded.ok) return EXIT_INVALID;
  let trace: ReturnType<CliContext['engine']['simulate']>;
  try {
    trace = context.engine.simulate(loaded.scenario);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `the simulator failed on this file (a bug in Leaseline, please report it): ${reason}`;
    printScenarioErrors(context.io, [{ source: file, path: '$', message }]);
    return EXIT_INVALID;
  }
  const json = () => ({ ...traceJson(trace), warnings: warningsJson(loaded.warnings) });
  context.io.stdout(options.json ? `${JSON.stringify(json(), null, 2)}\n` : renderTraceText(trace));
  return EXIT_OK;
}
