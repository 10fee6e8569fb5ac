/**
 * The page's start: read the autosave slot, decide what opens (openingDocument.ts), create
 * the stores with the autosaved work one Undo below a link or exercise opened over it, bring
 * back the saved view, tell the person what happened, and start autosaving. App layer.
 */
import type { TFunction } from 'i18next';
import { asSentence } from '../asSentence';
import { locatedProblemText } from '../i18n/modelErrorText';
import { createDocumentStore } from '../state/documentStore';
import type { Stores } from '../state/stores';
import { createUiStore } from '../state/uiStore';
import { type Autosave, createAutosave } from './autosave';
import { AUTOSAVE_KEY, decodeRecord } from './autosaveRecord';
import { clockTime } from './clockTime';
import { type OpeningNotice, openingDocument } from './openingDocument';
import { tabIdentity, wroteAddress } from './tabSession';

/** localStorage, or null where the browser withholds it (some private modes throw on access). */
function localStorageOf(view: Window): Storage | null {
  try {
    return view.localStorage;
  } catch {
    return null;
  }
}

function tabIdOf(view: Window): string {
  return typeof view.crypto?.randomUUID === 'function'
    ? view.crypto.randomUUID()
    : `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function noticeText(t: TFunction, notice: OpeningNotice): string {
  switch (notice.kind) {
    case 'openedOverSaved':
      return t('exchange.opening.openedOverSaved', { time: clockTime(notice.savedAtMs) });
    case 'linkBrokenShowingSaved':
      return t('exchange.opening.linkBrokenShowingSaved', { reason: asSentence(locatedProblemText(t, notice.reason)) });
    case 'linkBrokenShowingFlagship':
      return t('notice.linkBrokenAtStart', { reason: asSentence(locatedProblemText(t, notice.reason)) });
  }
}

export function startPage(view: Window, t: TFunction): { stores: Stores; autosave: Autosave } {
  const storage = localStorageOf(view);
  let saved = null;
  try {
    saved = decodeRecord(storage?.getItem(AUTOSAVE_KEY) ?? null);
  } catch {
    saved = null;
  }
  const { tabId, reloaded } = tabIdentity(view, () => tabIdOf(view));
  // This tab's own address, reloaded: its autosave is the same work, never older.
  const ownAddress = reloaded && saved?.tabId === tabId && wroteAddress(view, view.location.hash);
  const opening = openingDocument(view.location.hash, saved, ownAddress);
  const bottom = opening.earlier ?? opening.opened;
  const stores: Stores = { documents: createDocumentStore(bottom.document, bottom.source), ui: createUiStore() };
  if (opening.earlier !== null) stores.documents.getState().replace(opening.opened.document, opening.opened.source);
  if (opening.view !== null) stores.ui.getState().set(opening.view);
  if (opening.notice !== null) {
    const kind = opening.notice.kind === 'openedOverSaved' ? 'info' : 'error';
    stores.ui.getState().set({ notice: { kind, text: noticeText(t, opening.notice) } });
  }
  const autosave = createAutosave({
    stores,
    storage,
    tabId,
    baseRevision: opening.baseRevision,
    // A link or exercise opened over saved work leaves the slot alone until something changes.
    protectedDocument: opening.earlier === null ? null : opening.opened.document,
    events: view,
    page: view.document,
    initialStatus:
      saved !== null && opening.opened.document === saved.document
        ? { kind: 'saved', atMs: saved.savedAtMs }
        : { kind: 'idle' },
  });
  return { stores, autosave };
}
