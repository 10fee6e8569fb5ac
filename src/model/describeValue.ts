import type { ErrorValue } from './errorDetail';

/** Longest quoted string shown inside an error message; longer input is cut with an ellipsis. */
const QUOTED_CHARS_MAX = 40;

/**
 * How a value the user wrote appears inside an error message: strings in JSON quotes (cut to
 * 40 characters, so a pasted essay does not flood the terminal), numbers and literals as
 * written, containers by kind. Pure.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > QUOTED_CHARS_MAX ? `${value.slice(0, QUOTED_CHARS_MAX - 1)}…` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** `describeValue` as a message value: the literal as written, or a word the app translates. Pure. */
export function foundValue(value: unknown): ErrorValue {
  if (value === undefined) return { term: 'nothing' };
  if (Array.isArray(value)) return { term: 'aList' };
  if (typeof value === 'object' && value !== null) return { term: 'anObject' };
  return describeValue(value);
}
