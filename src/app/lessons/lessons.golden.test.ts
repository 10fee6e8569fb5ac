/**
 * Golden outcomes for every tour step: each step's scenario is built (preset plus edits),
 * simulated, and its prediction's answer (measured on the night) and its verdict are checked
 * against what is written here by hand from docs/model.md §9. A change in the engine, a preset or
 * a lesson that moves an answer fails here before a class is told the wrong thing.
 */
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../presets/lessons';
import { isSafe } from '../../sim/readings/checkReport';
import enLessonSteps from '../i18n/en.lessonSteps.json';
import enLessons from '../i18n/en.lessons.json';
import { nightOf } from '../state/night';
import { measureNight, resolveMarks, rightAnswerIndex } from './measure';
import { stepDocument } from './stepDocument';
import { mustParseTimeOfNight } from './timeText';

type Expected = { readonly answer?: string; readonly safe: boolean };

const EXPECTED: Readonly<Record<string, Readonly<Record<string, Expected>>>> = {
  l1: {
    s1: { answer: '3', safe: false },
    s2: { answer: 'duplicate', safe: true },
    s3: { safe: true },
    s4: { safe: false },
    s5: { answer: 'safe', safe: true },
    s6: { safe: true },
  },
  l2: {
    s1: { answer: '02:30:10', safe: true },
    s2: { answer: 'never', safe: true },
    s3: { safe: true },
    s4: { safe: true },
    s5: { answer: 'accepted', safe: false },
  },
  l3: {
    s1: { safe: true },
    s2: { answer: '2', safe: false },
    s3: { safe: true },
    s4: { answer: '02:02:00', safe: true },
    s5: { safe: true },
    s6: { answer: '2', safe: false },
    s7: { answer: '2', safe: false },
    s8: { safe: false },
    s9: { safe: true },
  },
  l4: {
    s1: { safe: false },
    s2: { answer: 'accepted', safe: false },
    s3: { answer: 'stale', safe: true },
    s4: { answer: 'accepted', safe: false },
    s5: { answer: 'stale', safe: true },
    s6: { answer: 'stale', safe: true },
    s7: { safe: false },
    s8: { answer: 'accepted', safe: false },
    s9: { safe: true },
    s10: { safe: true },
    s11: { safe: false },
  },
  l5: {
    s1: { answer: '3', safe: false },
    s2: { answer: '1', safe: true },
    s3: { answer: '02:30:10', safe: true },
    s4: { safe: false },
    s5: { answer: 'accepted', safe: false },
    s6: { answer: 'stale', safe: true },
    s7: { safe: true },
  },
};

/**
 * The text at a dotted key of one file, or undefined: a lesson's title is in en.lessons.json
 * (the first load: the Learn menu shows it), its steps' text in en.lessonSteps.json (it
 * comes with the lesson's views).
 */
function textIn(file: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);
}

describe('lessons', () => {
  it('are the five lessons of docs/model.md §10, each with steps written down here', () => {
    expect(LESSONS.map((lesson) => lesson.curriculum)).toEqual(['L1', 'L2', 'L3', 'L4', 'L5']);
    for (const lesson of LESSONS) {
      expect(lesson.steps.map((step) => step.id)).toEqual(Object.keys(EXPECTED[lesson.id] ?? {}));
      expect(typeof textIn(enLessons, lesson.title)).toBe('string');
    }
  });

  it('lesson 5 goes from no lock through ShedLock and a crashed holder to the paused holder, fencing off then on', () => {
    const lesson5 = LESSONS.find((lesson) => lesson.id === 'l5');
    const shown = lesson5?.steps.map((step) => {
      const document = stepDocument(step);
      return `${step.preset}:${document.storage?.fencing ?? 'off'}`;
    });
    expect(shown).toEqual([
      's01-no-lock:off',
      's02-shedlock-happy-path:off',
      's03-holder-crashes:off',
      's07-fencing-off:off',
      's07-fencing-off:off',
      's07-fencing-off:job',
      's07-fencing-off:job',
    ]);
  });

  for (const lesson of LESSONS) {
    describe(lesson.id, () => {
      for (const [index, step] of lesson.steps.entries()) {
        it(`step ${index + 1} (${step.id}, ${step.preset}) gives the written answer and verdict`, () => {
          const night = nightOf(stepDocument(step));
          if (night.kind !== 'ok') throw new Error(`${lesson.id} ${step.id} does not simulate`);
          const expected = EXPECTED[lesson.id]?.[step.id];
          expect(isSafe(night.trace)).toBe(expected?.safe);
          const { windowFromMs, windowToMs } = night.scenario;
          const playheadMs = mustParseTimeOfNight(step.playhead);
          expect(playheadMs).toBeGreaterThanOrEqual(windowFromMs);
          expect(playheadMs).toBeLessThanOrEqual(windowToMs);
          expect(typeof textIn(enLessonSteps, step.caption)).toBe('string');
          if (step.range) {
            const fromMs = mustParseTimeOfNight(step.range.from);
            const toMs = mustParseTimeOfNight(step.range.to);
            expect(fromMs).toBeLessThan(toMs);
            expect(fromMs).toBeGreaterThanOrEqual(windowFromMs);
            expect(toMs).toBeLessThanOrEqual(windowToMs);
          }
          // Every mark points at something that is on the night.
          const eventIds = (stepDocument(step).events ?? []).map((event) => event.id);
          const marks = resolveMarks(night.trace, eventIds, step.marks ?? []);
          const found =
            marks.writeIds.length + marks.grantIds.length + marks.eventIndices.length + marks.laneIds.length;
          expect(found).toBe(step.marks?.length ?? 0);
          const prediction = step.prediction;
          if (!prediction) {
            expect(expected?.answer).toBeUndefined();
            return;
          }
          expect(measureNight(night.trace, prediction.measure)).toBe(expected?.answer);
          // Exactly one choice is right, and it is the one the night bears out.
          expect(prediction.answers.filter((answer) => answer === expected?.answer)).toHaveLength(1);
          expect(prediction.answers[rightAnswerIndex(night.trace, prediction)]).toBe(expected?.answer);
          expect(typeof textIn(enLessonSteps, prediction.question)).toBe('string');
          expect(typeof textIn(enLessonSteps, prediction.reveal)).toBe('string');
          const hideMs = mustParseTimeOfNight(prediction.hideFrom);
          expect(hideMs).toBeGreaterThanOrEqual(windowFromMs);
          expect(hideMs).toBeLessThan(windowToMs);
        });
      }
    });
  }
});
