/**
 * What the course map offers beyond opening presets: a lesson's guided tour (in the page or
 * presented), EX03's exercise mode, EX04's and EX05's views. App layer: each runs against the
 * stores, as the Learn menu and the toolbar do.
 */
import type { TFunction } from 'i18next';
import { findPreset } from '../../presets/catalogue';
import {
  type CourseItemId,
  type CourseSearchStep,
  type CourseVerifyStep,
  findCourseItem,
} from '../../presets/courseMap';
import { LESSONS } from '../../presets/lessons';
import { replaceNight } from '../exercise/leaveExercise';
import { openExercise } from '../exercise/openExercise';
import { openExplorer } from '../lessons/LessonMenu';
import { openLessonStep } from '../lessons/lessonActions';
import { lessonText } from '../lessons/lessonText';
import { preloadExercise, preloadLesson } from '../modeParts';
import { findFailureOnPage } from '../search/findFailureOnPage';
import type { Stores } from '../state/stores';
import { checkNightOnPage } from '../verify/checkEveryNightOnPage';
import { openPreset } from './openPreset';

export interface CourseActivity {
  /** Key of its button's words under `course.activity.*`. */
  readonly key: 'tour' | 'present' | 'exercise' | 'explorer' | 'search' | 'verify';
  readonly run: (stores: Stores, t: TFunction) => void;
}

/** Each activity replaces the night: an exercise's night is only replaced after asking. */
function explorerActivity(which: 'ex04' | 'ex05') {
  return (stores: Stores, t: TFunction) =>
    replaceNight(stores, t, t(which === 'ex04' ? 'lessons.menuEx04' : 'lessons.menuEx05'), () =>
      openExplorer(stores, which),
    );
}

/**
 * The search step: the unsafe design opens and "Find a failure" runs on it; its result offers
 * the fixed design next, searched the same way.
 */
function searchActivity(step: CourseSearchStep): CourseActivity {
  return {
    key: 'search',
    run: (stores, t) => {
      const unsafeTitle = findPreset(step.unsafePresetId)?.title ?? step.unsafePresetId;
      const fixedTitle = findPreset(step.fixedPresetId)?.title ?? step.fixedPresetId;
      replaceNight(stores, t, unsafeTitle, () => {
        if (openPreset(stores, step.unsafePresetId))
          findFailureOnPage(stores, { presetId: step.fixedPresetId, title: fixedTitle });
      });
    },
  };
}

/**
 * The check-every-night step: the unsafe design opens and Check every night runs on it within
 * the step's small bounds; its answer offers the fixed design next, checked the same way.
 */
export function verifyActivity(step: CourseVerifyStep): CourseActivity {
  return {
    key: 'verify',
    run: (stores, t) => {
      const unsafeTitle = findPreset(step.unsafePresetId)?.title ?? step.unsafePresetId;
      const fixedTitle = findPreset(step.fixedPresetId)?.title ?? step.fixedPresetId;
      replaceNight(stores, t, unsafeTitle, () => {
        if (!openPreset(stores, step.unsafePresetId)) return;
        checkNightOnPage(stores, stores.documents.getState().document, step.bounds, {
          presetId: step.fixedPresetId,
          title: fixedTitle,
        });
      });
    },
  };
}

/**
 * Pure: the activities of a course item (`L1`...`L5`, `EX03`, `EX04`, `EX05`, the search
 * step of EX06 and the quiz topics on Redis and fencing, and the check-every-night step of L4
 * and EX06), in order.
 */
export function courseActivities(itemId: string): CourseActivity[] {
  const item = findCourseItem(itemId as CourseItemId);
  const verify = item?.verify ? [verifyActivity(item.verify)] : [];
  return [...itemActivities(itemId), ...verify];
}

function itemActivities(itemId: string): CourseActivity[] {
  const lesson = LESSONS.find((candidate) => candidate.curriculum === itemId);
  if (lesson)
    return [
      {
        key: 'tour',
        run: (stores, t) =>
          void preloadLesson().then(() =>
            replaceNight(stores, t, lessonText(t, lesson.title), () => void openLessonStep(stores, lesson.id, 0)),
          ),
      },
      {
        key: 'present',
        run: (stores, t) =>
          void preloadLesson(true).then(() =>
            replaceNight(stores, t, lessonText(t, lesson.title), () => void openLessonStep(stores, lesson.id, 0, true)),
          ),
      },
    ];
  if (itemId === 'EX03')
    return [{ key: 'exercise', run: (stores, t) => void preloadExercise().then(() => openExercise(stores, t)) }];
  if (itemId === 'EX04') return [{ key: 'explorer', run: explorerActivity('ex04') }];
  if (itemId === 'EX05') return [{ key: 'explorer', run: explorerActivity('ex05') }];
  const search = findCourseItem(itemId as CourseItemId)?.search;
  return search ? [searchActivity(search)] : [];
}
