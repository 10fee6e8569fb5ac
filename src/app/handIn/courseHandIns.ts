import type { HandInExercise } from '../../model/handInFileSchema';

/** The course map's items handed in as a file (the map's ids to the file's exercise names). */
export const COURSE_HAND_INS: Readonly<Record<string, HandInExercise>> = {
  EX01: 'ex01',
  EX02: 'ex02',
  EX04: 'ex04',
  EX05: 'ex05',
  EX06: 'ex06',
  lab: 'lab1',
};
