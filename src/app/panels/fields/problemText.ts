import type { TFunction } from 'i18next';
import { modelProblemText } from '../../i18n/modelErrorText';
import type { FieldProblem } from './validators';

/** The sentence shown under a field for one problem. Pure apart from the translation. */
export function problemText(t: TFunction, problem: FieldProblem): string {
  switch (problem.kind) {
    case 'parse':
      return t('panels.field.problem.parse', { message: modelProblemText(t, problem) });
    case 'required':
      return t('panels.field.problem.required');
    case 'notPositive':
      return t('panels.field.problem.notPositive');
    case 'negative':
      return t('panels.field.problem.negative');
    case 'notWhole':
      return t('panels.field.problem.notWhole');
    case 'outOfRange':
      return t('panels.field.problem.outOfRange', { min: problem.min, max: problem.max });
    case 'notAfter':
      return t('panels.field.problem.notAfter', { start: problem.start });
    case 'notBefore':
      return t('panels.field.problem.notBefore', { end: problem.end });
    case 'tooLong':
      return t('panels.field.problem.tooLong', { max: problem.max });
  }
}
