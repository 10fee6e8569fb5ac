/**
 * One mode at a time. The exercise's night is the student's work: anything that would put
 * another night in its place (a preset, a lesson, an exercise view, a file, a link, a fresh
 * exercise) asks first in the app's own dialog (`ConfirmReplace`), and says afterwards that
 * the exercise was left and that Undo brings the night back. Opening the exercise leaves a
 * lesson or an exercise view that was open, and says so. An exercise with nothing drawn and
 * nothing written is not asked about: there is nothing to lose.
 */
import type { TFunction } from 'i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { Stores } from '../state/stores';

/** True when `document` is an exercise night with the student's work in it. */
export function exerciseAtStake(document: ScenarioDocument): boolean {
  if (document.exercise === undefined) return false;
  return (document.events ?? []).length > 0 || (document.explanation ?? '').trim() !== '';
}

/**
 * Runs `open` (which replaces the night with `what`), after asking when an exercise's night
 * with work in it would be replaced; once replaced, the notice says the exercise was left.
 */
export function replaceNight(stores: Stores, t: TFunction, what: string, open: () => void, keep?: () => void): void {
  if (!exerciseAtStake(stores.documents.getState().document)) {
    open();
    return;
  }
  stores.ui.getState().set({
    confirmReplace: {
      message: t('modes.replaceExercise', { what }),
      confirmLabel: t('modes.replace'),
      cancelLabel: t('modes.keep'),
      run: () => {
        open();
        stores.ui.getState().set({ notice: { kind: 'info', text: t('modes.leftExercise', { what }) } });
      },
      ...(keep === undefined ? {} : { keep }),
    },
  });
}
