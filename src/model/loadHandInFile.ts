/**
 * The one way in for a hand-in file (handInFileSchema.ts), from its text or from a value the
 * app built: size cap, JSON syntax, plain-data check, header and migrations, the fields around
 * the answer, then the answer's own schema by exercise (and an EX06 night as a scenario file).
 * Every problem is a `ScenarioError` (file, JSON path, reason), the style scenario files use;
 * keys that are not fields are warnings, with the key meant. Never throws. Pure.
 */
import type { z } from 'zod';
import { closestKey } from './editDistance';
import { detail, fromZodMessage } from './errorDetail';
import {
  ANSWER_SCHEMAS,
  HAND_IN_KEYS,
  type HandInDocument,
  type HandInExercise,
  handInHeaderSchema,
} from './handInFileSchema';
import { migrateHandIn } from './handInMigrations';
import { formatJsonPath, type PathSegment } from './jsonPath';
import { findJsonSyntaxError } from './jsonSyntaxError';
import { copyJsonValue } from './jsonValue';
import { loadScenarioValue } from './loadScenario';
import type { ResolvedScenario } from './resolvedScenario';
import type { ScenarioError, ScenarioIssue, ScenarioWarning } from './scenarioError';

/** A hand-in is a few kB of prose or SQL (an EX06 night a few more): 1 MiB stops accidents. */
export const HAND_IN_TEXT_CHARS_MAX = 1024 * 1024;

export type HandInLoad =
  | {
      readonly ok: true;
      readonly document: HandInDocument;
      /** The EX06 night, resolved, when one is attached. */
      readonly night: ResolvedScenario | null;
      readonly warnings: readonly ScenarioWarning[];
    }
  | { readonly ok: false; readonly errors: readonly ScenarioError[]; readonly warnings: readonly ScenarioWarning[] };

/** Loads hand-in file text; `source` names it in messages. Pure. */
export function loadHandInFileText(text: string, source: string): HandInLoad {
  if (text.length > HAND_IN_TEXT_CHARS_MAX) {
    return failed(source, [
      { path: [], message: `the file has ${text.length} characters; a hand-in is at most 1 MiB` },
    ]);
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '')
    return failed(source, [{ path: [], message: 'the file is empty; a hand-in is a JSON object' }]);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const error = findJsonSyntaxError(body);
    const where = error === null ? '' : `: line ${error.line}, column ${error.column}: ${error.message}`;
    return failed(source, [{ path: [], message: `not valid JSON${where}` }]);
  }
  return loadHandInFileValue(value, source);
}

/** Loads a hand-in from a JavaScript value (parsed JSON, or what a builder made). Pure. */
export function loadHandInFileValue(value: unknown, source: string): HandInLoad {
  const copied = copyJsonValue(value);
  if (!copied.ok) return failed(source, [copied.issue]);
  const migrated = migrateHandIn(copied.value);
  if (!migrated.ok) return failed(source, migrated.issues);
  const { document } = migrated;
  const header = handInHeaderSchema.safeParse(document);
  const warnings = unknownKeyWarnings(document, source);
  if (!header.success) return failed(source, header.error.issues.map(toIssue), warnings);
  const exercise: HandInExercise = header.data.exercise;
  const answer = ANSWER_SCHEMAS[exercise].safeParse(document.answer);
  if (!answer.success) {
    const issues = answer.error.issues.map(toIssue).map((issue) => ({ ...issue, path: ['answer', ...issue.path] }));
    return failed(source, issues, warnings);
  }
  let night: ResolvedScenario | null = null;
  const attached = (document.answer as Record<string, unknown>).night;
  if (exercise === 'ex06' && attached !== undefined) {
    const loaded = loadScenarioValue(attached, source);
    const nightWarnings = loaded.warnings.map((warning) => ({
      ...warning,
      path: prefixed(warning.path),
      message: `answer.night.${warning.message}`,
    }));
    if (!loaded.ok) {
      const errors = loaded.errors.map((error) => ({ source, path: prefixed(error.path), message: error.message }));
      return { ok: false, errors, warnings: [...warnings, ...nightWarnings] };
    }
    night = loaded.scenario;
    warnings.push(...nightWarnings);
  }
  return { ok: true, document: document as unknown as HandInDocument, night, warnings };
}

const prefixed = (path: string) => (path === '$' ? 'answer.night' : `answer.night.${path}`);

/** Keys at the top and in the answer that are not fields, each with the key meant if one is near. */
function unknownKeyWarnings(document: Record<string, unknown>, source: string): ScenarioWarning[] {
  const warnings: ScenarioWarning[] = [];
  const check = (object: unknown, known: readonly string[], path: PathSegment[], owner: string) => {
    if (typeof object !== 'object' || object === null || Array.isArray(object)) return;
    for (const key of Object.keys(object)) {
      if (known.includes(key)) continue;
      const meant = closestKey(key, known);
      const where = formatJsonPath([...path, key]);
      const message = `${where} is not a field of ${owner}${meant === null ? '; it is kept, but changes nothing' : `; did you mean ${meant}?`}`;
      const problem =
        meant === null
          ? detail('unknownField', { path: where, owner })
          : detail('unknownFieldMeant', { path: where, owner, meant });
      warnings.push({ source, path: where, message, meant, detail: problem });
    }
  };
  check(document, HAND_IN_KEYS, [], 'a hand-in file');
  const exercise = document.exercise;
  if (typeof exercise === 'string' && exercise in ANSWER_SCHEMAS) {
    const schema = ANSWER_SCHEMAS[exercise as HandInExercise];
    check(document.answer, Object.keys(schema.def.shape), ['answer'], `an ${exercise.toUpperCase()} answer`);
  }
  return warnings;
}

function toIssue(issue: z.core.$ZodIssue): ScenarioIssue {
  const path = issue.path.filter((segment): segment is PathSegment => typeof segment !== 'symbol');
  const { message } = fromZodMessage(issue.message);
  // zod's own wording for a literal (the format, checked before) never reaches here in practice.
  return { path, message };
}

function failed(
  source: string,
  issues: readonly ScenarioIssue[],
  warnings: readonly ScenarioWarning[] = [],
): HandInLoad {
  return {
    ok: false,
    warnings,
    errors: issues.map((issue) => ({ source, path: formatJsonPath(issue.path), message: issue.message })),
  };
}
