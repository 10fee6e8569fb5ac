/** The five lessons of the module (docs/model.md §10 L1-L5), in course order. */
import { LESSON_1 } from './lesson1';
import { LESSON_2 } from './lesson2';
import { LESSON_3 } from './lesson3';
import { LESSON_4 } from './lesson4';
import { LESSON_5 } from './lesson5';
import type { Lesson } from './lessonTypes';

export type { Lesson, LessonMark, LessonStep, Measure, Prediction, TimeOfNight, WriteRef } from './lessonTypes';

export const LESSONS: readonly Lesson[] = [LESSON_1, LESSON_2, LESSON_3, LESSON_4, LESSON_5];

/** The lesson with this id (`l1` ... `l5`), or undefined. */
export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((lesson) => lesson.id === id);
}
