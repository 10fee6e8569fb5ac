/**
 * Pure checks for the text a person types into a panel field, using the model's own parsers
 * (so a value the panel accepts is one the scenario file accepts). A check returns the
 * problem as data, never text: the field translates it (`problemText`).
 */
import { parseDurationMs } from '../../../model/duration';
import type { ErrorDetail } from '../../../model/errorDetail';
import type { DurationRule } from '../../../model/fieldSchemas';
import { parseTimeOfNightMs } from '../../../model/timeOfNight';

export type FieldProblem =
  /** The model's own sentence (e.g. `"5x" is not a duration; write e.g. "60s"`). */
  | { readonly kind: 'parse'; readonly message: string; readonly detail?: ErrorDetail }
  | { readonly kind: 'required' }
  | { readonly kind: 'notPositive' }
  | { readonly kind: 'negative' }
  | { readonly kind: 'notWhole' }
  | { readonly kind: 'outOfRange'; readonly min: number; readonly max: number }
  /** An end (window, span) that is not after its start; `start` as the user wrote it. */
  | { readonly kind: 'notAfter'; readonly start: string }
  /** A start that is not before its end. */
  | { readonly kind: 'notBefore'; readonly end: string }
  | { readonly kind: 'tooLong'; readonly max: number };

/** A field's check: null when the (trimmed) text may be committed. */
export type Validate = (text: string) => FieldProblem | null;

/** A duration with the sign rule of its field (docs/scenario-format.md "Limits"). Empty is missing. Pure. */
export function durationProblem(text: string, rule: DurationRule): FieldProblem | null {
  if (text === '') return { kind: 'required' };
  const parsed = parseDurationMs(text);
  if (!parsed.ok) return { kind: 'parse', message: parsed.message, detail: parsed.detail };
  if (rule === 'positive' && parsed.value <= 0) return { kind: 'notPositive' };
  if (rule === 'nonNegative' && parsed.value < 0) return { kind: 'negative' };
  return null;
}

/** A time of night, `"02:01:30"`; with `after`, it must also come later than that time. Pure. */
export function timeProblem(text: string, after?: string): FieldProblem | null {
  if (text === '') return { kind: 'required' };
  const parsed = parseTimeOfNightMs(text);
  if (!parsed.ok) return { kind: 'parse', message: parsed.message, detail: parsed.detail };
  if (after === undefined) return null;
  const start = parseTimeOfNightMs(after);
  return start.ok && parsed.value <= start.value ? { kind: 'notAfter', start: after } : null;
}

/** A time that must come before `before` (a window's start against its end). Pure. */
export function timeBeforeProblem(text: string, before: string): FieldProblem | null {
  const own = timeProblem(text);
  if (own !== null) return own;
  const end = parseTimeOfNightMs(before);
  const start = parseTimeOfNightMs(text);
  return end.ok && start.ok && end.value <= start.value ? { kind: 'notBefore', end: before } : null;
}

/** A whole number within [min, max], written in decimal digits. Pure. */
export function wholeNumberProblem(text: string, min: number, max: number): FieldProblem | null {
  if (text === '') return { kind: 'required' };
  if (!/^-?\d+$/.test(text)) return { kind: 'notWhole' };
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) return { kind: 'outOfRange', min, max };
  return null;
}

/** Free text of at most `max` characters (code points, as the file's limit counts them). Pure. */
export function textLengthProblem(text: string, max: number): FieldProblem | null {
  return [...text].length > max ? { kind: 'tooLong', max } : null;
}
