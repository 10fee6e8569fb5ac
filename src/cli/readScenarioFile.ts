import { type LoadResult, loadScenarioText } from '../model/loadScenario';
import { formatScenarioError, type ScenarioError } from '../model/scenarioError';
import type { CliIo } from './cliContext';

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

/** Prints load errors on stderr, one line each: `file: path: message`. */
export function printScenarioErrors(io: CliIo, errors: readonly ScenarioError[]): void {
  io.stderr(errors.map((error) => `${formatScenarioError(error)}\n`).join(''));
}
