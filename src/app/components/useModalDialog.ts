import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

export interface ModalDialog {
  readonly dialogRef: RefObject<HTMLDialogElement | null>;
  /** For the <dialog>'s `onClose`: focus goes back, and the parent hears of the close. */
  readonly onDialogClose: () => void;
  /** For the <dialog>'s `onKeyDown`: Escape closes it, and the page behind never sees it. */
  readonly onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => void;
  /** Closes the dialog (its Close button). */
  readonly close: () => void;
}

/**
 * A native modal <dialog> driven by an `open` prop: `showModal()` traps focus and makes the
 * page behind inert; whatever had focus when it opened gets it back when it closes, however it
 * closes (Escape, a Close button, the parent, unmounting).
 */
export function useModalDialog(open: boolean, onClose: () => void): ModalDialog {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  // invariant: mirrors the `open` prop, so a close the parent asked for is not reported back.
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      openerRef.current = active instanceof HTMLElement ? active : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Unmounted while open: the opener still gets its focus back.
  useEffect(
    () => () => {
      if (dialogRef.current?.open) openerRef.current?.focus();
    },
    [],
  );

  return {
    dialogRef,
    onDialogClose: () => {
      const opener = openerRef.current;
      openerRef.current = null;
      if (opener?.isConnected) opener.focus();
      if (openRef.current) onClose();
    },
    onKeyDown: (event) => {
      // Handled here rather than left to the browser's cancel, so every engine closes the same
      // way, and so the playground's own Escape handling never sees it.
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        dialogRef.current?.close();
      }
    },
    close: () => dialogRef.current?.close(),
  };
}
