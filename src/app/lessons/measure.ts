/**
 * Answers to a lesson's questions, measured on the simulated night rather than written down
 * (src/presets/lessons/lessonTypes.ts `Measure`), and the marks a step points at found in the
 * trace. Pure.
 */

import { formatTimeOfNightMs } from '../../model/timeOfNight';
import type { LessonMark, Measure, Prediction, WriteRef } from '../../presets/lessons';
import { isSafe } from '../../sim/readings/checkReport';
import type { GrantRecord, Trace, WriteRecord } from '../../sim/trace';
import { mustParseTimeOfNight } from './timeText';

/** The write a reference names, or undefined when it was never sent. */
export function findWrite(trace: Trace, ref: WriteRef): WriteRecord | undefined {
  const matching = trace.writes.filter((write) => write.replica === ref.replica && write.order === ref.order);
  return matching[(ref.nth ?? 1) - 1];
}

/** The `nth` (1-based) grant to a replica, or undefined. */
export function findGrant(trace: Trace, replica: string, nth = 1): GrantRecord | undefined {
  return trace.grants.filter((grant) => grant.replica === replica)[nth - 1];
}

/** What the night gives for a measure, as the string a prediction's answers are written in. */
export function measureNight(trace: Trace, measure: Measure): string {
  switch (measure.kind) {
    case 'writeResult':
      return findWrite(trace, measure.write)?.result ?? 'notSent';
    case 'timesApplied':
      return String(
        trace.writes.filter((write) => write.order === measure.order && write.result === 'accepted').length,
      );
    case 'firstGrant': {
      const afterMs = measure.after === undefined ? Number.NEGATIVE_INFINITY : mustParseTimeOfNight(measure.after);
      const grant = trace.grants.find(
        (candidate) => candidate.replica === measure.replica && candidate.grantMs >= afterMs,
      );
      // To the second, as people read a timeline: B's grant at 02:30:10.003 is "02:30:10".
      return grant ? formatTimeOfNightMs(Math.floor(grant.grantMs / 1000) * 1000).slice(0, 8) : 'never';
    }
    case 'verdict':
      return isSafe(trace) ? 'safe' : 'unsafe';
  }
}

/** Index of the answer the night bears out, or -1 when none does (the golden test forbids that). */
export function rightAnswerIndex(trace: Trace, prediction: Prediction): number {
  return prediction.answers.indexOf(measureNight(trace, prediction.measure));
}

/** The write a prediction is about, whose result stays masked until the viewer predicts. */
export function subjectWrite(trace: Trace, prediction: Prediction): WriteRecord | undefined {
  return prediction.measure.kind === 'writeResult' ? findWrite(trace, prediction.measure.write) : undefined;
}

export interface ResolvedMarks {
  readonly writeIds: number[];
  readonly grantIds: number[];
  readonly eventIndices: number[];
  readonly laneIds: string[];
}

/** The trace's ids of what a step points at; marks with nothing to point at are left out. */
export function resolveMarks(
  trace: Trace,
  eventIds: readonly (string | undefined)[],
  marks: readonly LessonMark[],
): ResolvedMarks {
  const resolved: ResolvedMarks = { writeIds: [], grantIds: [], eventIndices: [], laneIds: [] };
  for (const mark of marks) {
    if (mark.kind === 'write') {
      const write = findWrite(trace, mark);
      if (write) resolved.writeIds.push(write.writeId);
    } else if (mark.kind === 'grant') {
      const grant = findGrant(trace, mark.replica, mark.nth);
      if (grant) resolved.grantIds.push(grant.grantId);
    } else if (mark.kind === 'event') {
      const index = eventIds.indexOf(mark.id);
      if (index >= 0) resolved.eventIndices.push(index);
    } else {
      resolved.laneIds.push(mark.id);
    }
  }
  return resolved;
}
