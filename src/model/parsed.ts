/**
 * The outcome of reading one value a person wrote: the value, or one plain sentence saying
 * what is wrong with it. Parsers in this folder return this instead of throwing, so a file
 * with many mistakes can be reported in one pass.
 */
import type { ErrorDetail } from './errorDetail';

export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string; readonly detail?: ErrorDetail };

/** Wraps a parsed value. Pure. */
export function parsedValue<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

/** Wraps a sentence saying what is wrong, and the same as data for translated text. Pure. */
export function parseFailure<T>(message: string, detail?: ErrorDetail): Parsed<T> {
  return detail === undefined ? { ok: false, message } : { ok: false, message, detail };
}
