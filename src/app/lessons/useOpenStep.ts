import { findLesson, type Lesson, type LessonStep } from '../../presets/lessons';
import type { Stores } from '../state/stores';
import { type UiState, useUi } from '../state/uiStore';
import { laterQuestion } from './laterQuestion';
import { useStepDocumentWatch } from './useStepDocumentWatch';

export interface OpenStep {
  readonly open: NonNullable<UiState['lesson']>;
  readonly lesson: Lesson;
  readonly step: LessonStep;
  readonly prediction: UiState['prediction'];
  /** The step asks a question whose answer is not revealed yet. */
  readonly pending: boolean;
  /** 1-based number of a later step that asks about this step's night (its answer stays hidden here), or null. */
  readonly laterStep: number | null;
}

/**
 * The lesson step open in the UI store, as the player and the presentation show it (null when
 * none), and a watch that drops the step's marks once the night is edited.
 */
export function useOpenStep(stores: Stores): OpenStep | null {
  const open = useUi(stores.ui, (state) => state.lesson);
  const prediction = useUi(stores.ui, (state) => state.prediction);
  useStepDocumentWatch(stores);
  const lesson = open ? findLesson(open.id) : undefined;
  const step = open ? lesson?.steps[open.stepIndex] : undefined;
  if (!open || !lesson || !step) return null;
  const pending = step.prediction !== undefined && !prediction.revealed;
  const later = pending ? null : laterQuestion(lesson, open.stepIndex);
  return { open, lesson, step, prediction, pending, laterStep: later ? later.stepIndex + 1 : null };
}
