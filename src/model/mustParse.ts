/**
 * Parsers for text that validation has already accepted. Reaching a failure here is a bug in
 * Leaseline (a document that skipped validation), so it throws instead of returning a message.
 */
import { parseAmountCents } from './amount';
import { parseDurationMs } from './duration';
import type { Parsed } from './parsed';
import { parseTimeOfNightMs } from './timeOfNight';

function must<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new Error(`scenario was not validated before use: ${parsed.message}`);
  return parsed.value;
}

/** Duration text of a validated document, in ms. Pure; throws only on unvalidated input. */
export function durationMs(text: string): number {
  return must(parseDurationMs(text));
}

/** Time of night text of a validated document, in ms. Pure; throws only on unvalidated input. */
export function timeOfNightMs(text: string): number {
  return must(parseTimeOfNightMs(text));
}

/** Amount text of a validated document, in cents. Pure; throws only on unvalidated input. */
export function amountCents(text: string): number {
  return must(parseAmountCents(text));
}
