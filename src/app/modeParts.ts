/**
 * The views of the teaching modes, which load on demand (components/onDemand.tsx): a
 * lesson's player and verdict, the presentation, the exercise panel with its checklist. They
 * sit above the chart, so what opens a mode with a click (the Learn menu, the EX03 button,
 * the course map) preloads them first: the mode appears whole, and nothing moves the chart a
 * moment after the click. A link opens the mode at once and its view follows.
 */
import { onDemand } from './components/onDemand';

export const PresentationView = onDemand(() => import('./present/PresentationView').then((m) => m.PresentationView));
export const LessonPlayer = onDemand(() => import('./lessons/LessonPlayer').then((m) => m.LessonPlayer));
export const StepVerdict = onDemand(() => import('./lessons/StepVerdict').then((m) => m.StepVerdict));
export const ExercisePanel = onDemand(() => import('./exercise/ExercisePanel').then((m) => m.ExercisePanel));

/** Fetches what a lesson shows (in the page or presented); resolves when it is here or could not come. */
export function preloadLesson(present = false): Promise<unknown> {
  return Promise.all([LessonPlayer.preload(), StepVerdict.preload(), present ? PresentationView.preload() : true]);
}

/** Fetches the exercise panel; resolves when it is here or could not come. */
export function preloadExercise(): Promise<unknown> {
  return ExercisePanel.preload();
}
