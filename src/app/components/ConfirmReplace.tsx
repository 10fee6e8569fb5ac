import { useId } from 'react';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { useModalDialog } from './useModalDialog';

/**
 * The app's own question before the exercise's night is replaced (exercise/leaveExercise.ts):
 * a native modal <dialog> (focus trapped, the page behind inert), "Keep my night" focused
 * first so that Enter or Escape loses nothing; "Replace" runs what was asked for.
 */
export function ConfirmReplace() {
  const { ui } = useStores();
  const pending = useUi(ui, (state) => state.confirmReplace);
  const messageId = useId();
  // Closed any way but "Replace" (Keep my night, Escape): the night stays, and what asked is told.
  const { dialogRef, onDialogClose, onKeyDown, close } = useModalDialog(pending !== null, () => {
    const kept = ui.getState().confirmReplace;
    ui.getState().set({ confirmReplace: null });
    kept?.keep?.();
  });
  return (
    <dialog
      ref={dialogRef}
      className="panels-dialog confirm-dialog"
      role="alertdialog"
      aria-labelledby={messageId}
      onClose={onDialogClose}
      onKeyDown={onKeyDown}
    >
      <p id={messageId}>{pending?.message}</p>
      <div className="confirm-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a modal question. */}
        <button type="button" className="panels-button" autoFocus onClick={close}>
          {pending?.cancelLabel}
        </button>
        <button
          type="button"
          className="panels-button"
          onClick={() => {
            const run = pending?.run;
            ui.getState().set({ confirmReplace: null });
            close();
            run?.();
          }}
        >
          {pending?.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
