/**
 * The templates behind a model problem in a language other than English (modelErrorText.ts
 * says which problems and why): the code picks a whole translated template
 * (`modelError.code.*`), terms become the reader's words (`modelError.term.*`), and what was
 * written in the file goes in as written, a left-to-right isolate in a right-to-left
 * sentence.
 */
import type { TFunction } from 'i18next';
import type { ErrorDetail, ErrorValue } from '../../model/errorDetail';
import { isolate } from './bidi';
import { digitsState } from './digits';
import { directionOf } from './languages';
import { joinedList } from './listText';
import type { ModelProblem } from './modelErrorText';

// Codes, terms and value names are data, hence untyped keys.
type Translate = (key: string, options?: object) => string;
const MISSING = '\u0000missing';

/** Text written in the file (or a list of it) keeps its own direction inside the sentence. */
function shownLiteral(text: string): string {
  return directionOf(digitsState.language) === 'rtl' ? isolate(text) : text;
}

function isDetail(value: ErrorValue): value is ErrorDetail {
  return typeof value === 'object' && 'code' in value;
}

function isTerm(value: ErrorValue): value is { readonly term: string } & ErrorValue {
  return typeof value === 'object' && 'term' in value;
}

/** One value, ready for the template; null when it cannot be said in t's language. */
function shownValue(t: TFunction, name: string, value: ErrorValue): string | number | null {
  const translate = t as unknown as Translate;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (isDetail(value)) return translatedDetail(t, value);
  if (isTerm(value)) {
    const word = translate(`modelError.term.${value.term}`, { defaultValue: MISSING });
    return word === MISSING ? null : word;
  }
  const items = value.map(shownLiteral);
  // A rule's symbols read "A, B or C"; every other list (options, ids, orders) is "A, B, C".
  if (name === 'symbols' && items.length > 1) {
    return translate('modelError.orList', { first: joinedList(t, items.slice(0, -1)), last: items.at(-1) });
  }
  return joinedList(t, items);
}

/** The detail as a whole sentence in t's language, or null when a code or term has no template. */
function translatedDetail(t: TFunction, detail: ErrorDetail): string | null {
  const translate = t as unknown as Translate;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(detail.values)) {
    const shown = shownValue(t, name, value);
    if (shown === null) return null;
    values[name] = shown;
  }
  const sentence = translate(`modelError.code.${detail.code}`, { ...values, defaultValue: MISSING });
  return sentence === MISSING ? null : sentence;
}

/** What is wrong, from t's templates; the English message (isolated) where they cannot say it. */
export function translatedProblemText(t: TFunction, problem: ModelProblem): string {
  const translated = problem.detail === undefined ? null : translatedDetail(t, problem.detail);
  return translated ?? shownLiteral(problem.message);
}
