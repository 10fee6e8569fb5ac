/**
 * Opening a chosen or dropped file, with the code that reads it (`openFile`: the model's
 * `loadHandIn`, the PNG's chunks) loaded on the first file rather than with the page. A load
 * that fails (offline before the service worker had it) is a notice, never a crash.
 */
import type { TFunction } from 'i18next';
import type { Stores } from '../state/stores';

/** Opens `file` as `openFile` does; false when it did not open. */
export async function openFileOnDemand(file: File, stores: Stores, t: TFunction): Promise<boolean> {
  let reader: typeof import('./openFile');
  try {
    reader = await import('./openFile');
  } catch {
    const text = t('exchange.open.failed', { file: file.name, reason: t('app.loadFailed') });
    stores.ui.getState().set({ notice: { kind: 'error', text } });
    return false;
  }
  return reader.openFile(file, stores, t);
}
