/**
 * Autosave: the document (explanation included), its source and the view go to localStorage a
 * moment after they change, and the status says so ("Saving…", "Saved"). Another tab's save
 * arrives as a `storage` event; newer, different work from another tab is never overwritten
 * and never loaded without asking (conflict.ts decides, the person chooses).
 *
 * App layer: uses timers and the clock. Storage may be missing or full (private windows,
 * quotas): the status then says the work is not saved, and nothing else breaks.
 */
import { createStore } from 'zustand';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { Stores } from '../state/stores';
import {
  AUTOSAVE_KEY,
  type AutosaveRecord,
  DISPLACED_KEY,
  decodeRecord,
  encodeRecord,
  type SavedView,
  sameDocument,
} from './autosaveRecord';
import { decideIncoming, decideSave } from './conflict';

/** Long enough that a burst of keys or a drag is one write; short enough to lose nothing. */
export const AUTOSAVE_DELAY_MS = 400;

export type SaveStatus =
  /** Nothing written by this tab yet (e.g. a link opened over earlier autosaved work). */
  | { readonly kind: 'idle' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved'; readonly atMs: number }
  /** Storage refused the write (missing, blocked or full). */
  | { readonly kind: 'failed' }
  /** Another tab saved newer, different work; autosave waits for the person's choice. */
  | { readonly kind: 'conflict'; readonly theirs: AutosaveRecord };

export interface AutosaveOptions {
  readonly stores: Stores;
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  readonly tabId: string;
  /** The revision of the record this tab started from (0 when there was none). */
  readonly baseRevision: number;
  /**
   * A document not to save while it is the current one: a share link opened over earlier
   * autosaved work, which stays in the slot until the person changes something.
   */
  readonly protectedDocument?: ScenarioDocument | null;
  /** Where `storage` and `pagehide` events come from (the window). */
  readonly events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  readonly delayMs?: number;
  readonly nowMs?: () => number;
  /** "Saved" from the start when the page opened the autosaved work itself. */
  readonly initialStatus?: SaveStatus;
}

export function createAutosave(options: AutosaveOptions) {
  const { stores, storage, tabId, events } = options;
  const { documents, ui } = stores;
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const nowMs = options.nowMs ?? (() => Date.now());
  const status = createStore<{ status: SaveStatus; setAside: AutosaveRecord | null }>()(() => ({
    status: options.initialStatus ?? { kind: 'idle' },
    setAside: null,
  }));
  let baseRevision = options.baseRevision;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const setStatus = (next: SaveStatus) => status.setState({ status: next });
  const inConflict = () => status.getState().status.kind === 'conflict';
  const readKey = (key: string): AutosaveRecord | null => {
    try {
      return decodeRecord(storage?.getItem(key) ?? null);
    } catch {
      return null;
    }
  };
  const read = () => readKey(AUTOSAVE_KEY);
  // The work "Keep mine" set aside (this visit's or an earlier one's), offered until opened or discarded.
  status.setState({ setAside: readKey(DISPLACED_KEY) });
  const currentView = (): SavedView => {
    const state = ui.getState();
    return { viewport: state.viewport, playheadMs: state.playheadMs, selectedEventIndex: state.selectedEventIndex };
  };

  const holdsCurrentWork = (record: AutosaveRecord): boolean => {
    const { document, source } = documents.getState();
    const view = currentView();
    return (
      record.source === source &&
      JSON.stringify(record.view) === JSON.stringify(view) &&
      sameDocument(record.document, document)
    );
  };

  const write = (revision: number): void => {
    const { document, source } = documents.getState();
    const record: AutosaveRecord = { tabId, revision, savedAtMs: nowMs(), source, document, view: currentView() };
    try {
      if (storage === null) throw new Error('no storage');
      storage.setItem(AUTOSAVE_KEY, encodeRecord(record));
    } catch {
      setStatus({ kind: 'failed' });
      return;
    }
    baseRevision = revision;
    setStatus({ kind: 'saved', atMs: record.savedAtMs });
  };

  /** Saves now, unless the current document is protected or another tab's newer work waits. */
  const flush = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (inConflict()) return;
    if (documents.getState().document === options.protectedDocument) {
      setStatus({ kind: 'idle' });
      return;
    }
    const stored = read();
    if (stored !== null && stored.revision === baseRevision && holdsCurrentWork(stored)) {
      // Already there (e.g. just loaded from another tab): a write would only bump the revision.
      setStatus({ kind: 'saved', atMs: stored.savedAtMs });
      return;
    }
    const decision = decideSave(stored, tabId, baseRevision);
    if (decision.kind === 'conflict') setStatus(decision);
    else write(decision.revision);
  };

  const schedule = (): void => {
    if (inConflict()) return;
    if (timer !== null) clearTimeout(timer);
    if (documents.getState().document !== options.protectedDocument) setStatus({ kind: 'saving' });
    timer = setTimeout(flush, delayMs);
  };

  const onStorage = (event: StorageEvent): void => {
    if (event.key !== AUTOSAVE_KEY) return;
    const decision = decideIncoming(decodeRecord(event.newValue), tabId, baseRevision, documents.getState().document);
    if (decision.kind === 'adopt') baseRevision = decision.revision;
    if (decision.kind === 'conflict') {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      setStatus(decision);
    }
  };

  // A reload or a closed tab within the delay must not lose the last change.
  const onPageHide = (): void => {
    if (timer !== null) flush();
  };

  const unsubscribeDocuments = documents.subscribe((state, previous) => {
    if (state.document !== previous.document) schedule();
  });
  const unsubscribeUi = ui.subscribe((state, previous) => {
    if (
      state.viewport !== previous.viewport ||
      (state.playheadMs !== previous.playheadMs && !state.playing) ||
      state.selectedEventIndex !== previous.selectedEventIndex
    )
      schedule();
  });
  events?.addEventListener('storage', onStorage as EventListener);
  events?.addEventListener('pagehide', onPageHide);

  return {
    status,
    /** Saves at once (the pending change, if any). */
    flush,
    /** "Keep mine": overwrite the other tab's newer record, which is kept aside (DISPLACED_KEY). */
    keepMine(): void {
      const current = status.getState().status;
      if (current.kind !== 'conflict') return;
      const stored = read();
      try {
        if (stored) storage?.setItem(DISPLACED_KEY, encodeRecord(stored));
      } catch {
        // The slot for the displaced record is a courtesy; the other tab still holds its work.
      }
      status.setState({ setAside: stored ?? current.theirs });
      baseRevision = Math.max(baseRevision, stored?.revision ?? 0, current.theirs.revision);
      setStatus({ kind: 'saving' });
      flush();
    },
    /** "Load theirs": open the other tab's work as one undoable step (mine stays in Undo). */
    loadTheirs(): void {
      const current = status.getState().status;
      if (current.kind !== 'conflict') return;
      const { theirs } = current;
      baseRevision = Math.max(baseRevision, theirs.revision);
      setStatus({ kind: 'saved', atMs: theirs.savedAtMs });
      documents.getState().replace(theirs.document, theirs.source);
      ui.getState().set({ ...theirs.view, selectedWriteId: null, dragPreview: null, dragOrigin: null });
    },
    /** Opens the work "Keep mine" set aside, as one undoable step; it stays offered until discarded. */
    openSetAside(): void {
      const record = status.getState().setAside;
      if (!record) return;
      documents.getState().replace(record.document, record.source);
      ui.getState().set({ ...record.view, selectedWriteId: null, dragPreview: null, dragOrigin: null });
    },
    /** Forgets the set-aside work (the person saw it, or does not want it). */
    discardSetAside(): void {
      try {
        storage?.removeItem(DISPLACED_KEY);
      } catch {
        // Nothing to do: the offer goes away for this visit all the same.
      }
      status.setState({ setAside: null });
    },
    destroy(): void {
      if (timer !== null) clearTimeout(timer);
      unsubscribeDocuments();
      unsubscribeUi();
      events?.removeEventListener('storage', onStorage as EventListener);
      events?.removeEventListener('pagehide', onPageHide);
    },
  };
}

export type Autosave = ReturnType<typeof createAutosave>;
