/**
 * The leaf schemas every scenario field is built from. Each one writes its own message in
 * words a student can act on (zod's defaults never reach the user), and each validates only:
 * no defaults, no transforms, because the document must stay exactly as the user wrote it.
 */
import './zodConfig';
import * as z from 'zod/mini';
import { parseAmountCents } from './amount';
import { describeValue, foundValue } from './describeValue';
import { parseDurationMs } from './duration';
import { detail, ERROR_TERMS, type ErrorTerm, type Problem, term, toZodMessage } from './errorDetail';
import { ownedBy } from './fieldOwners';
import type { Parsed } from './parsed';
import { parseTimeOfNightMs } from './timeOfNight';

const MISSING_MESSAGE = 'required, but missing';

/** The zod message for a value of the wrong JSON type; `what` is the kind of value wanted. Pure. */
export function wrongType(input: unknown, what: ErrorTerm, example: string): string {
  if (input === undefined) return toZodMessage({ message: MISSING_MESSAGE, detail: detail('missing') });
  const message = `${describeValue(input)} is not ${ERROR_TERMS[what]}; write e.g. ${example}`;
  return toZodMessage({
    message,
    detail: detail('wrongType', { found: foundValue(input), what: term(what), example }),
  });
}

/** A custom issue carrying `problem` (message and detail). */
function problemIssue(problem: Problem) {
  return { code: 'custom' as const, message: toZodMessage(problem) };
}

/** A parser's failure as a custom issue; a parser without a detail keeps its English alone. */
function parseIssue(parsed: Extract<Parsed<unknown>, { ok: false }>) {
  if (parsed.detail === undefined) return { code: 'custom' as const, message: parsed.message };
  return problemIssue({ message: parsed.message, detail: parsed.detail });
}

/** Which signs a duration field accepts; a zero `every` or `for` would never advance time. */
export type DurationRule = 'signed' | 'nonNegative' | 'positive';

/** A duration string (`"90s"`, `"PT5M"`) with a sign rule. */
export function durationField(rule: DurationRule) {
  return z.string({ error: (issue) => wrongType(issue.input, 'duration', '"60s"') }).check(
    z.superRefine((text, ctx) => {
      const parsed = parseDurationMs(text);
      const shown = describeValue(text);
      if (!parsed.ok) ctx.addIssue(parseIssue(parsed));
      else if (rule === 'positive' && parsed.value <= 0) {
        const message = `${shown} must be longer than zero`;
        ctx.addIssue(problemIssue({ message, detail: detail('durationNotPositive', { found: shown }) }));
      } else if (rule === 'nonNegative' && parsed.value < 0) {
        const message = `${shown} cannot be negative`;
        ctx.addIssue(problemIssue({ message, detail: detail('durationNegative', { found: shown }) }));
      }
    }),
  );
}

/** A time of night string (`"02:01:30"`). */
export function timeField() {
  return z.string({ error: (issue) => wrongType(issue.input, 'timeOfNight', '"02:01:30"') }).check(
    z.superRefine((text, ctx) => {
      const parsed = parseTimeOfNightMs(text);
      if (!parsed.ok) ctx.addIssue(parseIssue(parsed));
    }),
  );
}

/** An amount string with two decimals (`"-2.50"`). */
export function amountField() {
  return z.string({ error: (issue) => wrongType(issue.input, 'amount', '"5.00"') }).check(
    z.superRefine((text, ctx) => {
      const parsed = parseAmountCents(text);
      if (!parsed.ok) ctx.addIssue(parseIssue(parsed));
    }),
  );
}

/** A JSON number that is a whole number within [min, max]. */
export function wholeNumberField(minimum: number, maximum: number, example: string) {
  return z.number({ error: (issue) => wrongType(issue.input, 'number', example) }).check(
    z.superRefine((value, ctx) => {
      if (!Number.isInteger(value)) {
        const message = `${value} is not a whole number`;
        ctx.addIssue(problemIssue({ message, detail: detail('notWholeNumber', { found: String(value) }) }));
      } else if (value < minimum || value > maximum) {
        const message = `${value} is out of range; use ${minimum} to ${maximum}`;
        const values = { found: String(value), min: String(minimum), max: String(maximum) };
        ctx.addIssue(problemIssue({ message, detail: detail('outOfRange', values) }));
      }
    }),
  );
}

/** `true` or `false`, and nothing that merely looks like it (`"yes"`, `1`). */
export function flagField() {
  return z.boolean({
    error: (issue) =>
      issue.input === undefined
        ? toZodMessage({ message: MISSING_MESSAGE, detail: detail('missing') })
        : toZodMessage({
            message: `${describeValue(issue.input)} is not true or false`,
            detail: detail('notFlag', { found: foundValue(issue.input) }),
          }),
  });
}

/** One of a closed set of strings; the message lists them. */
export function oneOfField<const T extends readonly [string, ...string[]]>(values: T, what: ErrorTerm) {
  return z.enum(values, { error: (issue) => notOneOf(issue.input, what, values) });
}

/** The zod message for a value outside a closed set. Pure. */
export function notOneOf(input: unknown, what: ErrorTerm, values: readonly string[]): string {
  const options = [...values];
  if (input === undefined) {
    const message = `${MISSING_MESSAGE}; use one of: ${values.join(', ')}`;
    return toZodMessage({ message, detail: detail('missingOneOf', { options }) });
  }
  const message = `${describeValue(input)} is not ${ERROR_TERMS[what]}; use one of: ${values.join(', ')}`;
  return toZodMessage({ message, detail: detail('notOneOf', { found: foundValue(input), what: term(what), options }) });
}

/** The rule of an identifier field: up to `maxChars` letters, digits and these symbols. */
export interface IdentifierRule {
  readonly regex: RegExp;
  /** Quoted and joined as the message writes them: `".", "_" or "-"`. */
  readonly symbols: readonly string[];
}

/** A string of at most `maxChars` characters (code points, as a person counts them). */
export function textField(maxChars: number, what: ErrorTerm, example: string, identifier?: IdentifierRule) {
  return z.string({ error: (issue) => wrongType(issue.input, what, example) }).check(
    z.superRefine((text, ctx) => {
      const chars = [...text].length;
      if (chars > maxChars) {
        const message = `${chars} characters; ${ERROR_TERMS[what]} has at most ${maxChars}`;
        const values = { chars, what: term(what), max: maxChars };
        ctx.addIssue(problemIssue({ message, detail: detail('tooManyChars', values) }));
      } else if (identifier !== undefined && !identifier.regex.test(text)) {
        const quoted = identifier.symbols.map((symbol) => JSON.stringify(symbol));
        const symbolsText = `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
        const rule = `use 1-${maxChars} letters, digits, ${symbolsText}`;
        const message = `${describeValue(text)} is not ${ERROR_TERMS[what]}; ${rule}`;
        const values = { found: describeValue(text), what: term(what), max: maxChars, symbols: quoted };
        ctx.addIssue(problemIssue({ message, detail: detail('badIdentifier', values) }));
      }
    }),
  );
}

/**
 * A JSON object with the given known fields; other keys are allowed and kept (and warned
 * about as not a field of `owner`, by default `what`).
 */
export function objectField<S extends z.core.$ZodLooseShape>(
  shape: S,
  what: ErrorTerm,
  example: string,
  owner: ErrorTerm = what,
) {
  return ownedBy(z.looseObject(shape, { error: (issue) => wrongType(issue.input, what, example) }), owner);
}

/** A JSON list of at most `maxItems`, at least `minItems`; `what` names its elements. */
export function listField<T extends z.ZodMiniType>(item: T, what: ErrorTerm, minItems: number, maxItems: number) {
  return z
    .array(item, { error: (issue) => notAList(issue.input, what) })
    .check(
      z.minLength(minItems, { error: (issue) => countMessage(issue.input, what, minItems, maxItems) }),
      z.maxLength(maxItems, { error: (issue) => countMessage(issue.input, what, minItems, maxItems) }),
    );
}

function notAList(input: unknown, what: ErrorTerm): string {
  if (input === undefined) return toZodMessage({ message: MISSING_MESSAGE, detail: detail('missing') });
  const message = `${describeValue(input)} is not a list of ${ERROR_TERMS[what]}; write e.g. [ ... ]`;
  return toZodMessage({ message, detail: detail('notList', { found: foundValue(input), what: term(what) }) });
}

function countMessage(input: unknown, what: ErrorTerm, minItems: number, maxItems: number): string {
  const count = Array.isArray(input) ? input.length : 0;
  const limit = minItems > 0 ? `${minItems} to ${maxItems}` : `at most ${maxItems}`;
  const message = `${count} ${ERROR_TERMS[what]}; a scenario has ${limit}`;
  const problem =
    minItems > 0
      ? detail('listCountRange', { count, what: term(what), min: minItems, max: maxItems })
      : detail('listCountMax', { count, what: term(what), max: maxItems });
  return toZodMessage({ message, detail: problem });
}
