/**
 * No spoilers, over every step of every lesson: no step before a prediction shows that
 * prediction's answer. A step "shows" the answer when its night plays out as the question's
 * night does (the same trace) and, once its own question (if any) is answered, it leaves in
 * view the verdict, the panels, or the part of the chart the question hides: the asked write
 * with its result, or anything from the question's moment on. Lesson 4 step 1 and lesson 5
 * step 4 show the flagship before the next step asks about A's token-7 write.
 */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../presets/lessons';
import { renderTraceText } from '../../sim/readings/traceText';
import { i18n } from '../i18n';
import { nightOf } from '../state/night';
import { answersHidden, laterQuestion } from './laterQuestion';
import { measureNight, subjectWrite } from './measure';
import { stepDocument } from './stepDocument';
import { stepHighlight } from './stepHighlight';
import { mustParseTimeOfNight } from './timeText';

const t = i18n.t.bind(i18n) as TFunction;

function shownNight(lessonIndex: number, stepIndex: number) {
  const lesson = LESSONS[lessonIndex];
  const step = lesson?.steps[stepIndex];
  if (!lesson || !step) throw new Error('no such step');
  const document = stepDocument(step);
  const night = nightOf(document);
  if (night.kind !== 'ok') throw new Error(`${lesson.id} ${step.id}: ${night.kind}`);
  const eventIds = (document.events ?? []).map((event) => event.id);
  // What the step shows at its most open: its own question answered.
  const highlight = stepHighlight(
    t,
    step,
    night.trace,
    eventIds,
    true,
    night.scenario.job.kind,
    laterQuestion(lesson, stepIndex),
  );
  const state = { lesson: { id: lesson.id, stepIndex }, prediction: { choice: 0, revealed: true } };
  return { lesson, step, trace: night.trace, highlight, answersHidden: answersHidden(state) };
}

const pairs = LESSONS.flatMap((lesson, lessonIndex) =>
  lesson.steps.flatMap((asking, askingIndex) =>
    asking.prediction
      ? lesson.steps.slice(0, askingIndex).map((_, earlierIndex) => ({ lessonIndex, askingIndex, earlierIndex }))
      : [],
  ),
);

describe('no step before a prediction shows its answer', () => {
  it('covers every prediction of every lesson that has a step before it', () => {
    expect(new Set(pairs.map((pair) => `${pair.lessonIndex}:${pair.askingIndex}`)).size).toBe(
      LESSONS.flatMap((lesson) => lesson.steps.slice(1).filter((step) => step.prediction)).length,
    );
  });

  it.each(
    pairs.map((pair) => {
      const lesson = LESSONS[pair.lessonIndex];
      return [
        `${lesson?.id} ${lesson?.steps[pair.earlierIndex]?.id} before ${lesson?.steps[pair.askingIndex]?.id}`,
        pair,
      ];
    }),
  )('%s', (_name, { lessonIndex, askingIndex, earlierIndex }) => {
    const asking = shownNight(lessonIndex, askingIndex);
    const earlier = shownNight(lessonIndex, earlierIndex);
    const prediction = asking.step.prediction;
    if (!prediction) throw new Error('not a prediction step');
    // A different night teaches; only the same night can give this question's answer away.
    if (renderTraceText(earlier.trace) !== renderTraceText(asking.trace)) return;
    expect(measureNight(earlier.trace, prediction.measure)).toBe(measureNight(asking.trace, prediction.measure));
    // The verdict and the panels (outcomes, violations) are hidden ...
    expect(earlier.answersHidden).toBe(true);
    // ... and so is the chart from the question's moment, the asked write's result masked.
    const hideFromMs = mustParseTimeOfNight(prediction.hideFrom);
    expect(earlier.highlight.curtainFromMs ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(hideFromMs);
    const subject = subjectWrite(earlier.trace, prediction);
    if (subject) {
      const curtained = subject.atMs >= (earlier.highlight.curtainFromMs ?? Number.POSITIVE_INFINITY);
      expect(curtained || (earlier.highlight.maskedWriteIds ?? []).includes(subject.writeId)).toBe(true);
      expect(earlier.highlight.maskedWriteIds).toContain(subject.writeId);
    }
  });

  it('lesson 4 step 1 and lesson 5 step 4 keep the flagship’s late write hidden until the next step asks', () => {
    const l4s1 = shownNight(3, 0);
    expect(l4s1.answersHidden).toBe(true);
    expect(l4s1.highlight.curtainLabel).toBe('Hidden until step 2 asks');
    const l5s4 = shownNight(4, 3);
    expect(l5s4.answersHidden).toBe(true);
    expect(l5s4.highlight.curtainLabel).toBe('Hidden until step 5 asks');
  });

  it('a step whose night no later step asks about shows everything', () => {
    const l4s10 = shownNight(3, 9);
    expect(l4s10.answersHidden).toBe(false);
    expect(l4s10.highlight.curtainFromMs).toBeUndefined();
  });
});
