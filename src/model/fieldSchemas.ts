/**
 * The leaf schemas every scenario field is built from. Each one writes its own message in
 * words a student can act on (zod's defaults never reach the user), and each validates only:
 * no defaults, no transforms, because the document must stay exactly as the user wrote it.
 */
import './zodConfig';
import * as z from 'zod/mini';
import { parseAmountCents } from './amount';
import { describeValue } from './describeValue';
import { parseDurationMs } from './duration';
import { parseTimeOfNightMs } from './timeOfNight';

const MISSING_MESSAGE = 'required, but missing';

/** The message for a value of the wrong JSON type. Pure. */
export function wrongType(input: unknown, what: string, example: string): string {
  if (input === undefined) return MISSING_MESSAGE;
  return `${describeValue(input)} is not ${what}; write e.g. ${example}`;
}

/** Which signs a duration field accepts; a zero `every` or `for` would never advance time. */
export type DurationRule = 'signed' | 'nonNegative' | 'positive';

/** A duration string (`"90s"`, `"PT5M"`) with a sign rule. */
export function durationField(rule: DurationRule) {
  return z.string({ error: (issue) => wrongType(issue.input, 'a duration', '"60s"') }).check(
    z.superRefine((text, ctx) => {
      const parsed = parseDurationMs(text);
      const shown = describeValue(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
      else if (rule === 'positive' && parsed.value <= 0) {
        ctx.addIssue({ code: 'custom', message: `${shown} must be longer than zero` });
      } else if (rule === 'nonNegative' && parsed.value < 0) {
        ctx.addIssue({ code: 'custom', message: `${shown} cannot be negative` });
      }
    }),
  );
}

/** A time of night string (`"02:01:30"`). */
export function timeField() {
  return z.string({ error: (issue) => wrongType(issue.input, 'a time of night', '"02:01:30"') }).check(
    z.superRefine((text, ctx) => {
      const parsed = parseTimeOfNightMs(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
  );
}

/** An amount string with two decimals (`"-2.50"`). */
export function amountField() {
  return z.string({ error: (issue) => wrongType(issue.input, 'an amount', '"5.00"') }).check(
    z.superRefine((text, ctx) => {
      const parsed = parseAmountCents(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
  );
}

/** A JSON number that is a whole number within [min, max]. */
export function wholeNumberField(minimum: number, maximum: number, example: string) {
  return z.number({ error: (issue) => wrongType(issue.input, 'a number', example) }).check(
    z.superRefine((value, ctx) => {
      if (!Number.isInteger(value)) {
        ctx.addIssue({ code: 'custom', message: `${value} is not a whole number` });
      } else if (value < minimum || value > maximum) {
        ctx.addIssue({ code: 'custom', message: `${value} is out of range; use ${minimum} to ${maximum}` });
      }
    }),
  );
}

/** `true` or `false`, and nothing that merely looks like it (`"yes"`, `1`). */
export function flagField() {
  return z.boolean({
    error: (issue) =>
      issue.input === undefined ? MISSING_MESSAGE : `${describeValue(issue.input)} is not true or false`,
  });
}

/** One of a closed set of strings; the message lists them. */
export function oneOfField<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z.enum(values, { error: (issue) => notOneOf(issue.input, what, values) });
}

/** The message for a value outside a closed set. Pure. */
export function notOneOf(input: unknown, what: string, values: readonly string[]): string {
  if (input === undefined) return `${MISSING_MESSAGE}; use one of: ${values.join(', ')}`;
  return `${describeValue(input)} is not ${what}; use one of: ${values.join(', ')}`;
}

/** A string of at most `maxChars` characters (code points, as a person counts them). */
export function textField(maxChars: number, what: string, example: string, pattern?: { regex: RegExp; rule: string }) {
  return z.string({ error: (issue) => wrongType(issue.input, what, example) }).check(
    z.superRefine((text, ctx) => {
      const chars = [...text].length;
      if (chars > maxChars) {
        ctx.addIssue({ code: 'custom', message: `${chars} characters; ${what} has at most ${maxChars}` });
      } else if (pattern !== undefined && !pattern.regex.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${describeValue(text)} is not ${what}; ${pattern.rule}` });
      }
    }),
  );
}

/** A JSON object with the given known fields; other keys are allowed and kept. */
export function objectField<S extends z.core.$ZodLooseShape>(shape: S, what: string, example: string) {
  return z.looseObject(shape, { error: (issue) => wrongType(issue.input, what, example) });
}

/** A JSON list of at most `maxItems`, at least `minItems`. */
export function listField<T extends z.ZodMiniType>(item: T, what: string, minItems: number, maxItems: number) {
  return z
    .array(item, { error: (issue) => wrongType(issue.input, `a list of ${what}`, '[ ... ]') })
    .check(
      z.minLength(minItems, { error: (issue) => countMessage(issue.input, what, minItems, maxItems) }),
      z.maxLength(maxItems, { error: (issue) => countMessage(issue.input, what, minItems, maxItems) }),
    );
}

function countMessage(input: unknown, what: string, minItems: number, maxItems: number): string {
  const count = Array.isArray(input) ? input.length : 0;
  const limit = minItems > 0 ? `${minItems} to ${maxItems}` : `at most ${maxItems}`;
  return `${count} ${what}; a scenario has ${limit}`;
}
