import type { TFunction } from 'i18next';
import type { Stores } from '../state/stores';
import { EXERCISE_SOURCE, ex03Night } from './ex03Night';

/** Opens a fresh EX03 night as one undoable step (the work before it is one Undo away). */
export function openExercise({ documents, ui }: Stores, t: TFunction): void {
  documents.getState().replace(ex03Night(), EXERCISE_SOURCE);
  ui.getState().set({
    selectedEventIndex: null,
    selectedWriteId: null,
    viewport: null,
    playheadMs: null,
    playing: false,
    statechartReplica: null,
    notice: { kind: 'info', text: t('exercise.opened') },
  });
}
