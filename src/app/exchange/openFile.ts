/**
 * Opening a file (picker or drop): read it, load it, and either open it as one undoable step
 * or say in the notice what is wrong with it, changing nothing else (not the scenario, not
 * the undo history, not the autosave). App layer: reads the File through the browser. Keys
 * that are not fields are said too: the notice of an opened file points to the list beside the
 * verdict, and a refused file's notice adds the first (a misspelt key is often why a field is
 * missing).
 */
import type { TFunction } from 'i18next';
import { loadHandIn } from '../../model/loadHandIn';
import { asSentence, withFullStop } from '../asSentence';
import { replaceNight } from '../exercise/leaveExercise';
import { modelProblemText } from '../i18n/modelErrorText';
import { openDocument } from '../state/openDocument';
import type { Stores } from '../state/stores';

/** Bigger files are refused unread: a hand-in picture of a night is well under a megabyte. */
export const OPEN_FILE_BYTES_MAX = 8 * 1024 * 1024;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

export async function openFile(file: File, { documents, ui }: Stores, t: TFunction): Promise<boolean> {
  const fail = (reason: string, path = '$', note = '') => {
    const key = path === '$' || path === '' ? 'exchange.open.failed' : 'exchange.open.failedAt';
    const text = t(key, { file: file.name, path, reason: asSentence(reason) });
    ui.getState().set({ notice: { kind: 'error', text: note === '' ? text : `${text} ${note}` } });
    return false;
  };
  if (file.size > OPEN_FILE_BYTES_MAX) {
    return fail(t('exchange.open.tooBig', { size: sizeText(file.size), max: sizeText(OPEN_FILE_BYTES_MAX) }));
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return fail(t('exchange.open.unreadable'));
  }
  const loaded = loadHandIn(bytes, file.name);
  const [warning] = loaded.warnings;
  if (!loaded.ok) {
    const first = loaded.errors[0];
    // The key as written starts the warning's sentence, so it is not capitalised.
    const note = warning ? t('exchange.open.keyWarning', { warning: withFullStop(modelProblemText(t, warning)) }) : '';
    return fail(first ? modelProblemText(t, first) : '', first?.path, note);
  }
  const opened = warning ? 'exchange.open.openedWithWarnings' : 'exchange.open.opened';
  replaceNight({ documents, ui }, t, t('modes.file', { file: file.name }), () =>
    openDocument({ documents, ui }, loaded.document, file.name, { kind: 'info', text: t(opened, { file: file.name }) }),
  );
  return true;
}
