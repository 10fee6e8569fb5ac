/**
 * A broken file's or link's problems in the reader's language. The model gives each problem
 * its English sentence (what the command line prints) and the same as data: a code and its
 * values (model/errorDetail.ts). Here the code picks a whole translated template
 * (`modelError.code.*`, en.modelErrors.json), terms become the reader's words
 * (`modelError.term.*`), and what was written in the file (a quoted value, an example, a JSON
 * path, a list of ids) goes in as written, as a left-to-right isolate in Arabic. A problem
 * without data, or with a code this build has no template for, shows its English sentence,
 * isolated, rather than a half-translated one.
 *
 * In English the model's own sentence is shown: the English templates write it word for word
 * (modelErrorText.test.ts holds them to it), so they stay out of the first load and serve as
 * the source the other languages translate.
 */
import type { TFunction } from 'i18next';
import type { ErrorDetail, ErrorValue } from '../../model/errorDetail';
import { isolate } from './bidi';
import { digitsState } from './digits';
import { directionOf, FIRST_LANGUAGE } from './languages';
import { joinedList } from './listText';

/** A problem as the model reports it. */
export interface ModelProblem {
  readonly message: string;
  readonly detail?: ErrorDetail;
}

/** A ScenarioError, or anything else with a JSON path beside its problem. */
export interface LocatedProblem extends ModelProblem {
  /** `$` (or empty) for the whole document. */
  readonly path: string;
}

// Codes, terms and value names are data, hence untyped keys.
type Translate = (key: string, options?: object) => string;
const MISSING = '\u0000missing';

function rightToLeft(): boolean {
  return directionOf(digitsState.language) === 'rtl';
}

/** Text written in the file (or a list of it) keeps its own direction inside the sentence. */
function shownLiteral(text: string): string {
  return rightToLeft() ? isolate(text) : text;
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

/** What is wrong, in the interface's language (a lower-case clause, like the model's English). */
export function modelProblemText(t: TFunction, problem: ModelProblem): string {
  if (digitsState.language === FIRST_LANGUAGE) return problem.message;
  return translatedProblemText(t, problem);
}

/** What is wrong and where: `replicas[1].id: …` (the path as written, left to right). */
export function locatedProblemText(t: TFunction, problem: LocatedProblem): string {
  const reason = modelProblemText(t, problem);
  if (problem.path === '$' || problem.path === '') return reason;
  return t('problemPlace.at', { path: problem.path, reason });
}
