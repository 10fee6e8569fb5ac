/**
 * What the chart shows of a tour step: rings around the step's marks and, while a prediction
 * is pending, a curtain over the night from the question's moment with the subject write's
 * result masked. Pure apart from translation.
 */
import type { TFunction } from 'i18next';
import type { LessonStep } from '../../presets/lessons';
import type { Trace } from '../../sim/trace';
import type { TimelineHighlight } from '../../timeline/highlight';
import { resolveMarks, subjectWrite } from './measure';
import { mustParseTimeOfNight } from './timeText';

export function stepHighlight(
  t: TFunction,
  step: LessonStep,
  trace: Trace,
  eventIds: readonly (string | undefined)[],
  revealed: boolean,
): TimelineHighlight {
  const marks = resolveMarks(trace, eventIds, step.marks ?? []);
  const prediction = step.prediction;
  if (!prediction || revealed) return marks;
  const subject = subjectWrite(trace, prediction);
  const maskedLabels = new Map<number, string>();
  if (subject) {
    const params = { order: subject.order, replica: subject.replica, token: subject.token ?? '' };
    maskedLabels.set(
      subject.writeId,
      subject.token === null ? t('lessons.player.maskedWriteNoToken', params) : t('lessons.player.maskedWrite', params),
    );
  }
  return {
    ...marks,
    curtainFromMs: mustParseTimeOfNight(prediction.hideFrom),
    maskedWriteIds: subject ? [subject.writeId] : [],
    maskedLabels,
    curtainLabel: t('lessons.player.curtain'),
  };
}
