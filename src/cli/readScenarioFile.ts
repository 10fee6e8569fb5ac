import { type LoadResult, loadScenarioText } from '../model/loadScenario';
import { formatScenarioError, type ScenarioError } from '../model/scenarioError';
import type { CliContext, CliIo } from './cliContext';

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
    return { ok: false, errors: [{ source: path, path: '$', message: `cannot read the file: ${reason}` }] };
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
  };
}

/** Prints load errors on stderr, one line each: `file: path: message`. */
export function printScenarioErrors(io: CliIo, errors: readonly ScenarioError[]): void {
  io.stderr(errors.map((error) => `${formatScenarioError(error)}\n`).join(''));
}
