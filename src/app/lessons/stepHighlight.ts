/**
 * What the chart shows of a tour step: rings around the step's marks and, while a prediction
 * is pending, a curtain over the night from the question's moment with the subject write's
 * result masked. Pure apart from translation.
 */
import type { TFunction } from 'i18next';
import type { LessonStep } from '../../presets/lessons';
import type { Trace } from '../../sim/trace';
import type { TimelineHighlight } from '../../timeline/highlight';
import { describeTimeline } from '../i18n';
import { resolveMarks, subjectWrite } from './measure';
import { mustParseTimeOfNight } from './timeText';

export function stepHighlight(
  t: TFunction,
  step: LessonStep,
  trace: Trace,
  eventIds: readonly (string | undefined)[],
  revealed: boolean,
  jobKind: string,
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
  const curtainFromMs = mustParseTimeOfNight(prediction.hideFrom);
  return {
    ...marks,
    curtainFromMs,
    plainLabels: plainWriteLabels(trace, jobKind, curtainFromMs),
    maskedWriteIds: subject ? [subject.writeId] : [],
    maskedLabels,
    curtainLabel: t('lessons.player.curtain'),
  };
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
