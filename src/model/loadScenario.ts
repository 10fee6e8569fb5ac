/**
 * The one way in for a scenario, from a file's text or from a value the app built:
 * size cap, JSON syntax, plain-data check, header and migrations, schema, cross-field
 * checks, then `resolveScenario()`. Never throws on bad input; every problem comes back as
 * a `ScenarioError` naming the source, the JSON path and what is wrong. Keys that are not
 * fields come back as `warnings` beside the result (valid or not, once the header is read):
 * a misspelt key may be why a field is missing, or why a default is in force.
 */

import { detail, type ErrorDetail, type Problem } from './errorDetail';
import { formatJsonPath } from './jsonPath';
import { findJsonSyntaxError } from './jsonSyntaxError';
import { copyJsonValue } from './jsonValue';
import { migrateScenario } from './migrations';
import type { ResolvedScenario } from './resolvedScenario';
import { resolveScenario } from './resolveScenario';
import type { ScenarioError, ScenarioIssue, ScenarioWarning } from './scenarioError';
import type { ScenarioDocument } from './scenarioSchema';
import { findUnknownKeys } from './unknownKeys';
import { validateScenario } from './validateScenario';

/** Largest text accepted: a busy scenario is a few kB, so 1 MiB only stops accidents and abuse. */
export const SCENARIO_TEXT_CHARS_MAX = 1024 * 1024;

export type LoadResult =
  | {
      readonly ok: true;
      readonly document: ScenarioDocument;
      readonly scenario: ResolvedScenario;
      readonly warnings: readonly ScenarioWarning[];
    }
  | { readonly ok: false; readonly errors: readonly ScenarioError[]; readonly warnings: readonly ScenarioWarning[] };

/** Loads scenario file text; `source` names it in messages (e.g. `"s07.json"`). Pure. */
export function loadScenarioText(text: string, source: string): LoadResult {
  if (text.length > SCENARIO_TEXT_CHARS_MAX) {
    const message = `the file has ${text.length} characters; a scenario file is at most ${SCENARIO_TEXT_CHARS_MAX} (1 MiB)`;
    const problem = detail('fileTooLarge', { chars: text.length, max: SCENARIO_TEXT_CHARS_MAX });
    return failed(source, [{ path: [], message, detail: problem }]);
  }
  // Editors on Windows like to start files with a byte order mark; JSON.parse does not.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return failed(source, [{ path: [], ...describeSyntaxError(body) }]);
  }
  return loadScenarioValue(value, source);
}

/** Loads a scenario from a JavaScript value (parsed JSON, or an object the app built). Pure. */
export function loadScenarioValue(value: unknown, source: string): LoadResult {
  const copied = copyJsonValue(value);
  if (!copied.ok) return failed(source, [copied.issue]);
  const migrated = migrateScenario(copied.value);
  if (!migrated.ok) return failed(source, migrated.issues);
  const warnings = scenarioWarnings(migrated.document, source);
  const validated = validateScenario(migrated.document);
  if (!validated.ok) return failed(source, validated.issues, warnings);
  return { ok: true, document: validated.document, scenario: resolveScenario(validated.document), warnings };
}

/** The keys of a migrated document that are not fields, as warnings about `source`. Pure. */
export function scenarioWarnings(document: Record<string, unknown>, source: string): ScenarioWarning[] {
  return findUnknownKeys(document).map(({ path, meant, message, detail: problem }) => ({
    source,
    path: formatJsonPath(path),
    message,
    meant,
    detail: problem,
  }));
}

/** A refusal of the whole input (`$`) before it is read as a scenario: no warnings. Pure. */
export function refused(source: string, message: string, problem: ErrorDetail | undefined): LoadResult {
  const error = { source, path: '$', message };
  return { ok: false, errors: [problem === undefined ? error : { ...error, detail: problem }], warnings: [] };
}

function describeSyntaxError(text: string): Problem {
  if (text.trim() === '')
    return { message: 'the file is empty; a scenario file is a JSON object', detail: detail('fileEmpty') };
  const error = findJsonSyntaxError(text);
  if (error === null) return { message: 'not valid JSON', detail: detail('notJson') };
  return {
    message: `not valid JSON: line ${error.line}, column ${error.column}: ${error.message}`,
    detail: detail('jsonSyntax', { line: error.line, column: error.column, reason: error.detail }),
  };
}

function failed(
  source: string,
  issues: readonly ScenarioIssue[],
  warnings: readonly ScenarioWarning[] = [],
): LoadResult {
  return {
    ok: false,
    warnings,
    errors: issues.map((issue) => {
      const error = { source, path: formatJsonPath(issue.path), message: issue.message };
      return issue.detail === undefined ? error : { ...error, detail: issue.detail };
    }),
  };
}
