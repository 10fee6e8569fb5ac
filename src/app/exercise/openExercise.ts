import type { TFunction } from 'i18next';
import { openDocument } from '../state/openDocument';
import type { Stores } from '../state/stores';
import { EXERCISE_SOURCE, ex03Night } from './ex03Night';

/** Opens a fresh EX03 night as one undoable step (the work before it is one Undo away). */
export function openExercise(stores: Stores, t: TFunction): void {
  openDocument(stores, ex03Night(), EXERCISE_SOURCE, { kind: 'info', text: t('exercise.opened') });
}
