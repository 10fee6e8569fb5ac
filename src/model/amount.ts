import { describeValue } from './describeValue';
import { detail } from './errorDetail';
import { type Parsed, parsedValue, parseFailure } from './parsed';

// At most 13 digits before the point keeps every amount a safe integer of cents.
const AMOUNT = /^([+-])?(\d{1,13})\.(\d{2})$/;

/** Reads `"5.00"`, `"-2.50"` (or `"+5.00"`) as integer cents; exactly two decimals. Pure. */
export function parseAmountCents(text: string): Parsed<number> {
  const match = AMOUNT.exec(text);
  if (match === null) {
    return parseFailure(
      `${describeValue(text)} is not an amount; write a decimal with two places, e.g. "5.00" or "-2.50"`,
      detail('notAmount', { found: describeValue(text) }),
    );
  }
  const [, sign, whole = '', cents = ''] = match;
  const magnitude = Number(whole) * 100 + Number(cents);
  return parsedValue(sign === '-' && magnitude !== 0 ? -magnitude : magnitude);
}

/** Writes integer cents as `"5.00"` / `"-2.50"` (no plus sign). Pure. */
export function formatAmountCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount must be integer cents, got ${cents}`);
  const abs = Math.abs(cents);
  const sign = cents < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
