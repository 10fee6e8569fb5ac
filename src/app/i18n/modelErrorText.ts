/**
 * A broken file's or link's problems in the reader's language. The model gives each problem
 * its English sentence (what the command line prints) and the same as data: a code and its
 * values (model/errorDetail.ts). In another language the code picks a whole translated
 * template (`modelError.code.*`; problemTemplates.ts),
 * terms become the reader's words (`modelError.term.*`), and what was written in the file (a
 * quoted value, an example, a JSON path, a list of ids) goes in as written, as a left-to-right
 * isolate in Arabic. A problem
 * without data, or with a code this build has no template for, shows its English sentence,
 * isolated, rather than a half-translated one.
 *
 * In English the model's own sentence is shown: the English templates write it word for word
 * (modelErrorText.test.ts holds them to it), so they stay out of the first load and serve as
 * the source the other languages translate.
 */
import type { TFunction } from 'i18next';
import type { ErrorDetail } from '../../model/errorDetail';
import { digitsState } from './digits';
import { FIRST_LANGUAGE } from './languages';
import { translatedProblemText } from './problemTemplates';

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
