/** A prediction's answer in words: "Rejected as stale", "3 times", "At 02:30:10". Pure apart from translation. */
import type { TFunction } from 'i18next';
import type { Measure } from '../../presets/lessons';

export function answerText(t: TFunction, measure: Measure, answer: string): string {
  switch (measure.kind) {
    case 'writeResult':
      if (answer === 'accepted' || answer === 'stale' || answer === 'duplicate' || answer === 'notSent')
        return t(`lessons.answer.${answer}`);
      return answer;
    case 'timesApplied':
      return t('lessons.answer.times', { count: Number(answer) });
    case 'firstGrant':
      return answer === 'never' ? t('lessons.answer.never') : t('lessons.answer.time', { time: answer });
    case 'verdict':
      return answer === 'safe' ? t('lessons.answer.safe') : t('lessons.answer.unsafe');
  }
}
