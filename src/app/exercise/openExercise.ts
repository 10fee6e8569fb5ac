import type { TFunction } from 'i18next';
import { findLesson } from '../../presets/lessons';
import { closeLesson } from '../lessons/lessonActions';
import { lessonText } from '../lessons/lessonText';
import { openDocument } from '../state/openDocument';
import type { Stores } from '../state/stores';
import { EXERCISE_SOURCE, ex03Night } from './ex03Night';
import { replaceNight } from './leaveExercise';

/**
 * Opens a fresh EX03 night as one undoable step (the work before it is one Undo away). One
 * mode at a time: a lesson or an exercise view that was open is left, and the notice says so;
 * an exercise night with work in it is only replaced after asking.
 */
export function openExercise(stores: Stores, t: TFunction, keep?: () => void): void {
  replaceNight(
    stores,
    t,
    t('modes.freshExercise'),
    () => {
      const { lesson, explorer } = stores.ui.getState();
      const lessonTitle = lesson ? findLesson(lesson.id)?.title : undefined;
      const text = lessonTitle
        ? t('modes.leftLesson', { lesson: lessonText(t, lessonTitle) })
        : explorer
          ? t('modes.leftExplorer', { view: t(explorer === 'ex04' ? 'lessons.menuEx04' : 'lessons.menuEx05') })
          : t('exercise.opened');
      if (lesson) closeLesson(stores, false);
      stores.ui.getState().set({ explorer: null, highlight: null });
      openDocument(stores, ex03Night(), EXERCISE_SOURCE, { kind: 'info', text });
    },
    keep,
  );
}
