/**
 * No spoilers: a step must not show the answer of a question a later step asks about the same
 * night. Lesson 4 shows the flagship at step 1 and asks at step 2 what happens to A's token-7
 * write; the verdict of step 1 would say "applied twice, by A with token 7" before the
 * question. So a step whose night plays out exactly like a later question's night (the same
 * trace, whatever the file's title) keeps that question's part of the night behind the
 * curtain, the asked write masked, and its verdict and panels hidden, as the question's own
 * step does before the prediction. Pure apart from caches keyed on the lesson data.
 */

import type { LessonStep } from '../../presets/lessons';
import { findLesson, type Lesson, type Prediction } from '../../presets/lessons';
import { nightOf } from '../state/night';
import type { UiState } from '../state/uiStore';
import { stepDocument } from './stepDocument';

export interface LaterQuestion {
  /** 0-based index of the first later step that asks about this step's night. */
  readonly stepIndex: number;
  /** Every later question on this night (their curtains and subjects apply here). */
  readonly predictions: readonly Prediction[];
}

const nightTexts = new WeakMap<LessonStep, string>();

/**
 * The step's night as one string: its entries and violations as JSON (plain data), so two
 * steps with the same string show the same night. JSON rather than the trace's text form
 * keeps the statement renderers (SQL, etcdctl, zkCli) off the first screen's scripts.
 */
function nightText(step: LessonStep): string {
  const cached = nightTexts.get(step);
  if (cached !== undefined) return cached;
  const night = nightOf(stepDocument(step));
  const text =
    night.kind === 'ok' ? JSON.stringify([night.trace.entries, night.trace.violations]) : `${night.kind}:${step.id}`;
  nightTexts.set(step, text);
  return text;
}

const laterQuestions = new WeakMap<LessonStep, LaterQuestion | null>();

/** The later questions of `lesson` about the night of its step `stepIndex`, or null. */
export function laterQuestion(lesson: Lesson, stepIndex: number): LaterQuestion | null {
  const step = lesson.steps[stepIndex];
  if (!step) return null;
  const cached = laterQuestions.get(step);
  if (cached !== undefined) return cached;
  let first: number | null = null;
  const predictions: Prediction[] = [];
  lesson.steps.forEach((later, index) => {
    if (index <= stepIndex || !later.prediction || nightText(later) !== nightText(step)) return;
    first ??= index;
    predictions.push(later.prediction);
  });
  const found = first === null ? null : { stepIndex: first, predictions };
  laterQuestions.set(step, found);
  return found;
}

/**
 * Whether the answer-giving parts (verdict, panels) are hidden: while the step's own question
 * waits for a prediction, or while a later step still has to ask about this night.
 */
export function answersHidden(state: Pick<UiState, 'lesson' | 'prediction'>): boolean {
  if (state.lesson === null) return false;
  if (!state.prediction.revealed) return true;
  const lesson = findLesson(state.lesson.id);
  return lesson !== undefined && laterQuestion(lesson, state.lesson.stepIndex) !== null;
}

/** 1-based number of the later step that keeps this step's answers hidden, when its own question is done. */
export function laterStepOf(state: Pick<UiState, 'lesson' | 'prediction'>): number | null {
  if (state.lesson === null || !state.prediction.revealed) return null;
  const lesson = findLesson(state.lesson.id);
  const later = lesson ? laterQuestion(lesson, state.lesson.stepIndex) : null;
  return later ? later.stepIndex + 1 : null;
}
