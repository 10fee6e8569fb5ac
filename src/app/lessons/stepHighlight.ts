/**
 * What the chart shows of a tour step: rings around the step's marks and, while a prediction
 * is pending, a curtain over the night from the question's moment with the subject write's
 * result masked. A step whose night a later step asks about keeps that later question's
 * curtain (laterQuestion.ts), so it does not give the answer away. Pure apart from translation.
 */
import type { TFunction } from 'i18next';
import type { LessonStep, Prediction } from '../../presets/lessons';
import type { Trace } from '../../sim/trace';
import type { TimelineHighlight } from '../../timeline/highlight';
import { describeTimeline } from '../i18n';
import type { LaterQuestion } from './laterQuestion';
import { resolveMarks, subjectWrite } from './measure';
import { mustParseTimeOfNight } from './timeText';

export function stepHighlight(
  t: TFunction,
  step: LessonStep,
  trace: Trace,
  eventIds: readonly (string | undefined)[],
  revealed: boolean,
  jobKind: string,
  later: LaterQuestion | null = null,
): TimelineHighlight {
  const marks = resolveMarks(trace, eventIds, step.marks ?? []);
  const own = step.prediction && !revealed ? step.prediction : null;
  const hiding = own ? [own] : (later?.predictions ?? []);
  if (hiding.length === 0) return marks;
  const maskedLabels = new Map<number, string>();
  for (const prediction of hiding) {
    const subject = subjectWrite(trace, prediction);
    if (subject) maskedLabels.set(subject.writeId, maskedLabel(t, subject));
  }
  const curtainFromMs = Math.min(...hiding.map((prediction: Prediction) => mustParseTimeOfNight(prediction.hideFrom)));
  return {
    ...marks,
    curtainFromMs,
    plainLabels: plainWriteLabels(trace, jobKind, curtainFromMs),
    maskedWriteIds: [...maskedLabels.keys()],
    maskedLabels,
    curtainLabel:
      own || !later ? t('lessons.player.curtain') : t('lessons.player.curtainLater', { n: later.stepIndex + 1 }),
  };
}

function maskedLabel(t: TFunction, subject: { order: number; replica: string; token: number | null }): string {
  const params = { order: subject.order, replica: subject.replica, token: subject.token ?? '' };
  return subject.token === null
    ? t('lessons.player.maskedWriteNoToken', params)
    : t('lessons.player.maskedWrite', params);
}

/**
 * The timeline's own names of the writes before the curtain, in the form without "applied
 * more than once" (the timeline's `write.name` keys, with its parameters), so that a write
 * doubled only by one behind the curtain does not give the answer away.
 */
function plainWriteLabels(trace: Trace, jobKind: string, curtainFromMs: number): Map<number, string> {
  const key = jobKind === 'reconcile' ? 'write.name' : `write.name.${jobKind}`;
  const labels = new Map<number, string>();
  for (const write of trace.writes) {
    if (write.atMs >= curtainFromMs) continue;
    labels.set(
      write.writeId,
      describeTimeline(key, {
        order: write.order,
        replica: write.replica,
        token: write.token ?? describeTimeline('write.noToken', {}),
        result: describeTimeline(`write.result.${write.result}`, {}),
      }),
    );
  }
  return labels;
}
