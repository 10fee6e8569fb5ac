import { type LoadResult, loadScenarioText, refused } from '../model/loadScenario';
import {
  formatScenarioError,
  formatScenarioWarning,
  type ScenarioError,
  type ScenarioWarning,
} from '../model/scenarioError';
import type { CliContext, CliIo } from './cliContext';
import { plainText } from './plainText';

/**
 * Reads and loads one scenario file, naming it by the path as the user typed it. An
 * unreadable file is a load failure like any other (path `$`), so callers handle one shape.
 */
export function readScenarioFile(io: CliIo, path: string): LoadResult {
  let text: string;
  try {
    text = io.readFile(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return refused(path, `cannot read the file: ${reason}`, undefined);
  }
  return loadScenarioText(text, path);
}

/**
 * Reads a scenario file the engine can run: a file that loads but asks for something its lock
 * cannot do (`unsupportedFeatures`) is refused here with the same shape of error, by JSON path.
 */
export function readRunnableScenario(context: CliContext, path: string): LoadResult {
  const loaded = readScenarioFile(context.io, path);
  if (!loaded.ok) return loaded;
  const refusals = context.engine.unsupported(loaded.scenario);
  if (refusals.length === 0) return loaded;
  return {
    ok: false,
    errors: refusals.map(({ path: jsonPath, message }) => ({ source: path, path: jsonPath, message })),
    warnings: loaded.warnings,
  };
}

/** Prints load errors on stderr, one line each: `file: path: message`. */
export function printScenarioErrors(io: CliIo, errors: readonly ScenarioError[]): void {
  io.stderr(errors.map((error) => `${formatScenarioError(error)}\n`).join(''));
}

/**
 * Prints keys that are not fields on stderr, one line each: `file: warning: message`. The key
 * is the file's own text (a student's, for `grade`), so it is shown as plain text.
 */
export function printScenarioWarnings(io: CliIo, warnings: readonly ScenarioWarning[]): void {
  io.stderr(warnings.map((warning) => `${plainText(formatScenarioWarning(warning))}\n`).join(''));
}

/** Prints what loading said: the errors if it failed, then the warnings. */
export function printLoadProblems(io: CliIo, loaded: LoadResult): void {
  if (!loaded.ok) printScenarioErrors(io, loaded.errors);
  printScenarioWarnings(io, loaded.warnings);
}

/** The warnings as `--json` lists them under `"warnings"`. Pure. */
export function warningsJson(warnings: readonly ScenarioWarning[]) {
  return warnings.map(({ path, message, meant }) => ({ path, message, meant }));
}
