/**
 * Autosave: the document (explanation included), its source and the view go to localStorage a
 * moment after they change, and the status says so ("Saving…", "Saved"). Another tab's save
 * arrives as a `storage` event; newer, different work from another tab is never overwritten
 * and never loaded without asking (conflict.ts decides, the person chooses).
 *
 * A field that keeps a draft outside the document (the explanation, committed per burst of
 * typing) registers it (`addDraft`) and reports each change (`draftChanged`): the status then
 * says "Saving…" until the words are in storage, so "Saved" is true whenever it shows; and
 * when the page goes away or is hidden (`beforeunload`, `pagehide`, `visibilitychange`), the
 * drafts are committed and everything pending is written at once, with no timer left to run.
 *
 * App layer: uses timers and the clock. Storage may be missing or full (private windows,
 * quotas): the status then says the work is not saved, and nothing else breaks.
 */
import { createStore } from 'zustand';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { setAsideNight } from '../state/learnerNight';
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
  /** Where `storage`, `beforeunload` and `pagehide` events come from (the window). */
  readonly events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Where `visibilitychange` comes from, and whether the page is hidden (the document). */
  readonly page?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  readonly delayMs?: number;
  readonly nowMs?: () => number;
  /** "Saved" from the start when the page opened the autosaved work itself. */
  readonly initialStatus?: SaveStatus;
}

export function createAutosave(options: AutosaveOptions) {
  const { stores, storage, tabId, events, page } = options;
  const { documents, ui } = stores;
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const nowMs = options.nowMs ?? (() => Date.now());
  const status = createStore<{ status: SaveStatus; setAside: AutosaveRecord | null }>()(() => ({
    status: options.initialStatus ?? { kind: 'idle' },
    setAside: null,
  }));
  let baseRevision = options.baseRevision;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Commits of drafts kept outside the document (each returns nothing; it commits or not). */
  const drafts = new Set<() => void>();
  /** Drafts whose words differ from the document's: what is on screen is not in storage. */
  const pendingDrafts = new Set<object>();

  const setStatus = (next: SaveStatus) => status.setState({ status: next });
  // "Saved" only when no draft on screen is still outside the document.
  const setSaved = (atMs: number) => setStatus(pendingDrafts.size > 0 ? { kind: 'saving' } : { kind: 'saved', atMs });
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

  /** What is saved: the night on screen, or the learner's own while a lesson shows another. */
  const currentWork = () => {
    const learners = setAsideNight(stores);
    if (learners !== null) return learners;
    const { document, source } = documents.getState();
    return { document, source, view: currentView() };
  };

  const holdsCurrentWork = (record: AutosaveRecord): boolean => {
    const { document, source, view } = currentWork();
    return (
      record.source === source &&
      JSON.stringify(record.view) === JSON.stringify(view) &&
      sameDocument(record.document, document)
    );
  };

  const write = (revision: number): void => {
    const { document, source, view } = currentWork();
    const record: AutosaveRecord = { tabId, revision, savedAtMs: nowMs(), source, document, view };
    try {
      if (storage === null) throw new Error('no storage');
      storage.setItem(AUTOSAVE_KEY, encodeRecord(record));
    } catch {
      setStatus({ kind: 'failed' });
      return;
    }
    baseRevision = revision;
    setSaved(record.savedAtMs);
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
      setSaved(stored.savedAtMs);
      return;
    }
    const decision = decideSave(stored, tabId, baseRevision);
    if (decision.kind === 'conflict') setStatus(decision);
    else write(decision.revision);
  };

  /** Leaving or hiding the page: every draft into the document, then everything into storage. */
  const flushAll = (): void => {
    for (const commitDraft of drafts) commitDraft();
    if (timer !== null || status.getState().status.kind === 'saving') flush();
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

  // A reload, a closed tab or a hidden one within the delay must not lose the last change.
  const onPageHide = (): void => flushAll();
  const onVisibility = (): void => {
    if (page?.visibilityState === 'hidden') flushAll();
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
  events?.addEventListener('beforeunload', onPageHide);
  page?.addEventListener('visibilitychange', onVisibility);

  return {
    status,
    /** Saves at once (the pending change, if any). */
    flush,
    /** Commits every registered draft, then saves at once (what leaving the page does). */
    flushAll,
    /** Registers a draft's commit, run before the page goes away; returns its removal. */
    addDraft(commitDraft: () => void): () => void {
      drafts.add(commitDraft);
      return () => {
        drafts.delete(commitDraft);
      };
    },
    /**
     * Whether the draft `key` holds words the document does not (yet): "Saving…" while any
     * does, so "Saved" never shows over unsaved words; the last one settling saves.
     */
    draftPending(key: object, pending: boolean): void {
      const had = pendingDrafts.size > 0;
      if (pending) pendingDrafts.add(key);
      else pendingDrafts.delete(key);
      if (inConflict()) return;
      if (pendingDrafts.size > 0) {
        if (documents.getState().document !== options.protectedDocument) setStatus({ kind: 'saving' });
      } else if (had && timer === null) flush();
    },
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
      events?.removeEventListener('beforeunload', onPageHide);
      page?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

export type Autosave = ReturnType<typeof createAutosave>;
