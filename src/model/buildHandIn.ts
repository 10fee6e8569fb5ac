/**
 * Builders of hand-in files (handInFileSchema.ts) for the app's "Hand in" button and for tests:
 * each takes what the student typed, checks it with the loader the grader uses (so a file the
 * app saves is a file `grade` reads), and gives the file's text and its name
 * `<exercise>-<name>-<date>.json`. The date is the caller's (model/ reads no clock). Pure.
 */
import {
  HAND_IN_FORMAT,
  HAND_IN_VERSION,
  type HandInAnswer,
  type HandInDocument,
  type HandInExercise,
} from './handInFileSchema';
import { loadHandInFileValue } from './loadHandInFile';
import type { ScenarioError } from './scenarioError';

export type BuiltHandIn =
  | { readonly ok: true; readonly document: HandInDocument; readonly fileName: string; readonly text: string }
  | { readonly ok: false; readonly errors: readonly ScenarioError[] };

/** Who and when, shared by every builder. `date` is `YYYY-MM-DD`. */
export interface HandInAuthor {
  readonly student: string;
  readonly date: string;
}

/** Any exercise's hand-in from its answer object; the typed builders below call it. Pure. */
export function buildHandIn<E extends HandInExercise>(
  exercise: E,
  author: HandInAuthor,
  answer: HandInAnswer<E>,
): BuiltHandIn {
  const value = {
    format: HAND_IN_FORMAT,
    version: HAND_IN_VERSION,
    exercise,
    student: author.student.trim(),
    date: author.date,
    answer,
  };
  const fileName = handInFileName(exercise, value.student, author.date);
  const loaded = loadHandInFileValue(value, fileName);
  if (!loaded.ok) return { ok: false, errors: withAnswerProblems(loaded.errors, value, fileName) };
  return { ok: true, document: loaded.document, fileName, text: `${JSON.stringify(loaded.document, null, 2)}\n` };
}

/**
 * The loader stops at a header problem (a blank name) before it reads the answer; a student
 * fixing the form should see the answer's problems at the same time, so the answer is also
 * checked under a stand-in name and date and its problems added.
 */
function withAnswerProblems(
  errors: readonly ScenarioError[],
  value: Record<string, unknown>,
  fileName: string,
): readonly ScenarioError[] {
  if (errors.some((error) => error.path.startsWith('answer'))) return errors;
  const again = loadHandInFileValue({ ...value, student: 'student', date: '2000-01-01' }, fileName);
  if (again.ok) return errors;
  const answer = again.errors.filter((error) => error.path.startsWith('answer'));
  return [...errors, ...answer];
}

/** EX01 or EX02: a written answer. Pure. */
export const buildWrittenHandIn = (exercise: 'ex01' | 'ex02', author: HandInAuthor, text: string): BuiltHandIn =>
  buildHandIn(exercise, author, { text });

/** EX04: the student's SQL statement, and optionally a sentence about it. Pure. */
export const buildEx04HandIn = (author: HandInAuthor, sql: string, text?: string): BuiltHandIn =>
  buildHandIn('ex04', author, text === undefined ? { sql } : { sql, text });

/** EX05: the two durations (`"30m"`, `"PT2M"`) and the sentence that justifies them. Pure. */
export const buildEx05HandIn = (
  author: HandInAuthor,
  answer: { readonly lockAtMostFor: string; readonly lockAtLeastFor: string; readonly text: string },
): BuiltHandIn => buildHandIn('ex05', author, { ...answer });

/** EX06: the review, and optionally a night (a scenario document) that shows its point. Pure. */
export const buildEx06HandIn = (author: HandInAuthor, text: string, night?: Record<string, unknown>): BuiltHandIn =>
  buildHandIn('ex06', author, night === undefined ? { text } : { text, night });

/** LAB1: the worker's folder (relative to the hand-in file) and the command that starts it there. Pure. */
export const buildLabHandIn = (author: HandInAuthor, folder: string, command: string): BuiltHandIn =>
  buildHandIn('lab1', author, { folder, command });

/**
 * `<exercise>-<name>-<date>.json`: the name in lower-case ASCII letters and digits joined by
 * `-` (accents dropped, everything else a separator), `student` when nothing is left. Pure.
 */
export function handInFileName(exercise: HandInExercise | 'ex03', student: string, date: string): string {
  const slug = student
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${exercise}-${slug === '' ? 'student' : slug}-${date}.json`;
}
