/**
 * What the tour's controls do to the stores: open a step (its scenario becomes the document,
 * the playhead, span and highlight follow), predict, reveal, go on, go back, close. The same
 * functions serve the player, the presentation keys and lesson links.
 */
import type { TFunction } from 'i18next';
import { findLesson, type Lesson, type LessonStep } from '../../presets/lessons';
import { i18n } from '../i18n';
import { restoreLearnerNight, setAsideLearnerNight } from '../state/learnerNight';
import { nightOf } from '../state/night';
import type { Stores } from '../state/stores';
import { laterQuestion } from './laterQuestion';
import { stepDocument } from './stepDocument';
import { stepHighlight } from './stepHighlight';
import { mustParseTimeOfNight } from './timeText';

const t = i18n.t.bind(i18n) as TFunction;

/** The open lesson and its current step, or null. */
export function currentStep(stores: Stores): { lesson: Lesson; step: LessonStep; stepIndex: number } | null {
  const open = stores.ui.getState().lesson;
  const lesson = open ? findLesson(open.id) : undefined;
  const step = open ? lesson?.steps[open.stepIndex] : undefined;
  return lesson && step && open ? { lesson, step, stepIndex: open.stepIndex } : null;
}

function highlightFor(lesson: Lesson, stepIndex: number, revealed: boolean) {
  const step = lesson.steps[stepIndex];
  if (!step) return null;
  const document = stepDocument(step);
  const night = nightOf(document);
  if (night.kind !== 'ok') return null;
  const eventIds = (document.events ?? []).map((event) => event.id);
  const later = laterQuestion(lesson, stepIndex);
  return stepHighlight(t, step, night.trace, eventIds, revealed, night.scenario.job.kind, later);
}

/** Opens `lessonId` at step `stepIndex` (clamped); false when there is no such lesson. */
export function openLessonStep(stores: Stores, lessonId: string, stepIndex: number, present?: boolean): boolean {
  const lesson = findLesson(lessonId);
  if (!lesson) return false;
  const index = Math.min(lesson.steps.length - 1, Math.max(0, stepIndex));
  const step = lesson.steps[index];
  if (!step) return false;
  // The learner's own night waits outside the lesson (learnerNight.ts), undo history and all.
  setAsideLearnerNight(stores);
  stores.documents.getState().replace(stepDocument(step), `lesson:${lesson.id}`);
  const revealed = step.prediction === undefined;
  stores.ui.getState().set({
    lesson: { id: lesson.id, stepIndex: index },
    prediction: { choice: null, revealed },
    highlight: highlightFor(lesson, index, revealed),
    playheadMs: mustParseTimeOfNight(step.playhead),
    viewport: step.range
      ? { fromMs: mustParseTimeOfNight(step.range.from), toMs: mustParseTimeOfNight(step.range.to) }
      : null,
    playing: false,
    selectedEventIndex: null,
    selectedWriteId: null,
    statechartReplica: null,
    dragPreview: null,
    dragOrigin: null,
    explorer: null,
    blanked: false,
    ...(present === undefined ? {} : { presenting: present }),
  });
  return true;
}

/** Commits to answer `choice` (0-based) at a prediction step and reveals the outcome. */
export function predict(stores: Stores, choice: number): void {
  const open = currentStep(stores);
  const prediction = open?.step.prediction;
  if (!open || !prediction || stores.ui.getState().prediction.revealed) return;
  if (choice < 0 || choice >= prediction.answers.length) return;
  stores.ui
    .getState()
    .set({ prediction: { choice, revealed: true }, highlight: highlightFor(open.lesson, open.stepIndex, true) });
}

/**
 * Next: at a prediction not yet made, reveals without one (a clicker has no number keys);
 * otherwise the next step. False at the end of the lesson.
 */
export function nextStep(stores: Stores): boolean {
  const open = currentStep(stores);
  if (!open) return false;
  const { prediction } = stores.ui.getState();
  if (open.step.prediction && !prediction.revealed) {
    stores.ui.getState().set({
      prediction: { choice: null, revealed: true },
      highlight: highlightFor(open.lesson, open.stepIndex, true),
    });
    return true;
  }
  if (open.stepIndex + 1 >= open.lesson.steps.length) return false;
  return openLessonStep(stores, open.lesson.id, open.stepIndex + 1);
}

export function previousStep(stores: Stores): boolean {
  const open = currentStep(stores);
  if (!open || open.stepIndex === 0) return false;
  return openLessonStep(stores, open.lesson.id, open.stepIndex - 1);
}

/**
 * Leaves the tour: the learner's own night comes back as it was before the lesson opened,
 * with its undo history and view (a lesson never replaces it; learnerNight.ts).
 */
export function closeLesson(stores: Stores, sayNightBack = true): void {
  // Said, because the night on screen changes; a caller that opens another night right after
  // passes false (or says its own).
  const restored = restoreLearnerNight(stores);
  stores.ui.getState().set({
    ...(restored && sayNightBack ? { notice: { kind: 'info', text: t('lessons.player.ownNightBack') } } : {}),
    lesson: null,
    prediction: { choice: null, revealed: false },
    highlight: null,
    presenting: false,
    blanked: false,
  });
}
