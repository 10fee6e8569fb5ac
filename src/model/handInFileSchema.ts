/**
 * The hand-in file, version 1 (docs/grading.md, "Hand-in files"): one exercise's answer with
 * who handed it in and when. `{"format": "leaseline/hand-in", "version": 1, "exercise":
 * "ex04", "student": "Alice Martin", "date": "2026-12-05", "answer": {...}}`; the answer's
 * shape depends on the exercise. Validates only (no defaults, no transforms): the document
 * stays as the student's tool wrote it. EX03 keeps its own format (a scenario file or PNG).
 */
import './zodConfig';
import * as z from 'zod/mini';
import { describeValue } from './describeValue';
import { parseDurationMs } from './duration';

export const HAND_IN_FORMAT = 'leaseline/hand-in';
export const HAND_IN_VERSION = 1;

/** The exercises a hand-in file carries; `ex03` is a scenario file instead (docs/grading.md). */
export const HAND_IN_EXERCISES = ['ex01', 'ex02', 'ex04', 'ex05', 'ex06', 'lab1'] as const;
export type HandInExercise = (typeof HAND_IN_EXERCISES)[number];

/** A written answer's cap: a page of prose is a few kB; this only stops accidents and abuse. */
export const ANSWER_TEXT_CHARS_MAX = 20_000;
/** A name is a person's name, shown on one line of a report. */
export const STUDENT_NAME_CHARS_MAX = 120;
/** One SQL statement; a longer one is not an answer to EX04. */
export const SQL_CHARS_MAX = 4_000;
/** The lab's start command, run through `sh -c` as `leaseline lab --worker` does. */
export const COMMAND_CHARS_MAX = 500;

const text = (what: string, max: number, allowEmpty: boolean) =>
  z.string({ error: (issue) => wrongType(issue.input, what) }).check(
    z.superRefine((value, ctx) => {
      if (value.length > max) ctx.addIssue({ code: 'custom', message: `${value.length} characters; at most ${max}` });
      else if (!allowEmpty && value.trim() === '') ctx.addIssue({ code: 'custom', message: 'empty; write it out' });
    }),
  );

const duration = z.string({ error: (issue) => wrongType(issue.input, 'a duration such as "30m"') }).check(
  z.superRefine((value, ctx) => {
    const parsed = parseDurationMs(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    else if (parsed.value < 0) ctx.addIssue({ code: 'custom', message: `${describeValue(value)} cannot be negative` });
  }),
);

/** `YYYY-MM-DD`, a real calendar day (the file name carries it too). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

const date = z.string({ error: (issue) => wrongType(issue.input, 'a date such as "2026-12-05"') }).check(
  z.superRefine((value, ctx) => {
    if (!isCalendarDate(value))
      ctx.addIssue({ code: 'custom', message: `${describeValue(value)} is not a date; write e.g. "2026-12-05"` });
  }),
);

/** A scenario document attached to EX06 (a night that shows the review's point); checked by loadScenarioValue. */
const night = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { error: (issue) => wrongType(issue.input, 'a scenario file (a JSON object)') },
);

/** Each exercise's answer: its fields and what they hold. */
export const ANSWER_SCHEMAS = {
  ex01: z.object({ text: text('text', ANSWER_TEXT_CHARS_MAX, false) }),
  ex02: z.object({ text: text('text', ANSWER_TEXT_CHARS_MAX, false) }),
  ex04: z.object({
    sql: text('SQL text', SQL_CHARS_MAX, false),
    text: z.optional(text('text', ANSWER_TEXT_CHARS_MAX, true)),
  }),
  ex05: z.object({
    lockAtMostFor: duration,
    lockAtLeastFor: duration,
    text: text('text', ANSWER_TEXT_CHARS_MAX, false),
  }),
  ex06: z.object({ text: text('text', ANSWER_TEXT_CHARS_MAX, false), night: z.optional(night) }),
  lab1: z.object({
    folder: text('a folder path', COMMAND_CHARS_MAX, false),
    command: text('a command', COMMAND_CHARS_MAX, false),
  }),
} as const;

export type HandInAnswer<E extends HandInExercise> = z.infer<(typeof ANSWER_SCHEMAS)[E]>;

/** The fields around the answer, checked before the answer's own schema is chosen. */
export const handInHeaderSchema = z.object({
  format: z.literal(HAND_IN_FORMAT),
  version: z.number(),
  exercise: z.enum(HAND_IN_EXERCISES, {
    error: (issue) =>
      `${describeValue(issue.input)} is not an exercise; expected one of ${HAND_IN_EXERCISES.join(', ')}`,
  }),
  student: text('a name', STUDENT_NAME_CHARS_MAX, false),
  date,
  answer: z.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    { error: (issue) => wrongType(issue.input, 'an object with the answer') },
  ),
});

/** The top-level keys; a hand-in's answer's keys are its schema's. */
export const HAND_IN_KEYS = ['format', 'version', 'exercise', 'student', 'date', 'answer'] as const;

/** A valid hand-in file, typed by exercise. */
export type HandInDocument = {
  [E in HandInExercise]: {
    readonly format: typeof HAND_IN_FORMAT;
    readonly version: number;
    readonly exercise: E;
    readonly student: string;
    readonly date: string;
    readonly answer: HandInAnswer<E>;
  };
}[HandInExercise];

function wrongType(input: unknown, what: string): string {
  if (input === undefined) return 'required, but missing';
  return `${describeValue(input)} is not ${what}`;
}
