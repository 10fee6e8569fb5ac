/**
 * A hand-in warning (handInCheck.ts) as the sentence the student reads before saving: what
 * the grader will show and why. Pure apart from translation.
 */
import type { TFunction } from 'i18next';
import type { Preset } from '../../presets/presetTypes';
import { wordList } from '../i18n/listText';
import { presetTitle } from '../i18n/presetText';
import type { HandInWarning } from './handInCheck';

export function handInWarningText(
  t: TFunction,
  warning: HandInWarning,
  presets: readonly Preset[],
  fileName: string,
): string {
  switch (warning.kind) {
    case 'identicalToPreset': {
      const preset = presets.find((candidate) => candidate.id === warning.presetId);
      const title = preset ? presetTitle(t, preset) : warning.presetId;
      return t('exercise.handIn.warnings.identicalToPreset', { title, id: warning.presetId });
    }
    case 'stepsMissing': {
      const steps = wordList(
        t,
        warning.missing.map((id) => t(`exercise.items.${id}`)),
      );
      return t('exercise.handIn.warnings.stepsMissing', { steps });
    }
    case 'noName':
      return t('exercise.handIn.warnings.noName', { file: fileName });
    default:
      return t(`exercise.handIn.warnings.${warning.kind}`);
  }
}
