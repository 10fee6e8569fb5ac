import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDocumentStore } from '../state/documentStore';
import { presetDocument } from '../state/initialDocument';
import { createUiStore } from '../state/uiStore';
import { createAutosave } from './autosave';
import {
  AUTOSAVE_KEY,
  type AutosaveRecord,
  DISPLACED_KEY,
  decodeRecord,
  EMPTY_VIEW,
  encodeRecord,
} from './autosaveRecord';

/** localStorage as a Map, plus the `storage` events another tab's writes would raise here. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function events() {
  const target = new EventTarget();
  return Object.assign(target, {
    /** What the browser does in this tab when another tab writes the slot. */
    otherTabWrote(record: AutosaveRecord) {
      const event = Object.assign(new Event('storage'), { key: AUTOSAVE_KEY, newValue: encodeRecord(record) });
      target.dispatchEvent(event);
    },
  });
}

const flagship = presetDocument('s07-fencing-off');
const other = presetDocument('s02-shedlock-happy-path');

function setUp(baseRevision = 0) {
  const stores = { documents: createDocumentStore(flagship, 's07-fencing-off'), ui: createUiStore() };
  const storage = memoryStorage();
  const target = events();
  const autosave = createAutosave({ stores, storage, tabId: 'me', baseRevision, events: target, nowMs: () => 5_000 });
  return { stores, storage, target, autosave };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('autosave', () => {
  it('saves the document, its source and the view a moment after a change ("Saving…", then "Saved")', () => {
    const { stores, storage, autosave } = setUp();
    stores.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    stores.ui.getState().set({ playheadMs: 7_400_000 });
    expect(autosave.status.getState().status).toEqual({ kind: 'saving' });
    expect(storage.items.size).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(autosave.status.getState().status).toEqual({ kind: 'saved', atMs: 5_000 });
    const record = decodeRecord(storage.getItem(AUTOSAVE_KEY));
    expect(record).toMatchObject({ tabId: 'me', revision: 1, source: 's07-fencing-off' });
    expect(record?.document.storage?.fencing).toBe('job');
    expect(record?.view.playheadMs).toBe(7_400_000);
  });

  it("never overwrites another tab's newer work: it asks, and Keep mine keeps theirs aside", () => {
    const { stores, storage, target, autosave } = setUp();
    const theirs: AutosaveRecord = {
      tabId: 'them',
      revision: 1,
      savedAtMs: 4_000,
      source: 'x',
      document: other,
      view: EMPTY_VIEW,
    };
    storage.setItem(AUTOSAVE_KEY, encodeRecord(theirs));
    target.otherTabWrote(theirs);
    expect(autosave.status.getState().status).toEqual({ kind: 'conflict', theirs });
    stores.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    vi.advanceTimersByTime(1_000);
    expect(decodeRecord(storage.getItem(AUTOSAVE_KEY))?.tabId).toBe('them');

    autosave.keepMine();
    expect(decodeRecord(storage.getItem(AUTOSAVE_KEY))).toMatchObject({ tabId: 'me', revision: 2 });
    expect(decodeRecord(storage.getItem(DISPLACED_KEY))?.document).toEqual(other);

    // The set-aside work is offered: opened as one undoable step, then discarded on request.
    expect(autosave.status.getState().setAside?.document).toEqual(other);
    autosave.openSetAside();
    expect(stores.documents.getState().document).toEqual(other);
    stores.documents.temporal.getState().undo();
    expect(stores.documents.getState().document.storage?.fencing).toBe('job');
    autosave.discardSetAside();
    expect(autosave.status.getState().setAside).toBeNull();
    expect(storage.getItem(DISPLACED_KEY)).toBeNull();
  });

  it('offers work set aside on an earlier visit', () => {
    const stores = { documents: createDocumentStore(flagship, 's07-fencing-off'), ui: createUiStore() };
    const storage = memoryStorage();
    const earlier: AutosaveRecord = {
      tabId: 'old',
      revision: 3,
      savedAtMs: 1_000,
      source: 'x',
      document: other,
      view: EMPTY_VIEW,
    };
    storage.setItem(DISPLACED_KEY, encodeRecord(earlier));
    const autosave = createAutosave({ stores, storage, tabId: 'me', baseRevision: 0 });
    expect(autosave.status.getState().setAside).toMatchObject({ tabId: 'old', savedAtMs: 1_000 });
  });

  it('Load theirs opens the other tab’s work as one undoable step', () => {
    const { stores, target, autosave } = setUp();
    const theirs: AutosaveRecord = {
      tabId: 'them',
      revision: 1,
      savedAtMs: 4_000,
      source: 'x.json',
      document: other,
      view: EMPTY_VIEW,
    };
    target.otherTabWrote(theirs);
    autosave.loadTheirs();
    expect(stores.documents.getState()).toMatchObject({ document: other, source: 'x.json' });
    stores.documents.temporal.getState().undo();
    expect(stores.documents.getState().document).toBe(flagship);
  });

  it('finds a conflict at save time too (a storage event it never got)', () => {
    const { stores, storage, autosave } = setUp(3);
    const theirs: AutosaveRecord = {
      tabId: 'them',
      revision: 4,
      savedAtMs: 4_000,
      source: 'x',
      document: other,
      view: EMPTY_VIEW,
    };
    storage.setItem(AUTOSAVE_KEY, encodeRecord(theirs));
    stores.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    vi.advanceTimersByTime(1_000);
    expect(autosave.status.getState().status.kind).toBe('conflict');
    expect(decodeRecord(storage.getItem(AUTOSAVE_KEY))?.tabId).toBe('them');
  });

  it('says "not saved" when storage refuses, and leaves the document alone', () => {
    const stores = { documents: createDocumentStore(flagship, 's07'), ui: createUiStore() };
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const autosave = createAutosave({ stores, storage: full, tabId: 'me', baseRevision: 0 });
    stores.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    vi.advanceTimersByTime(1_000);
    expect(autosave.status.getState().status).toEqual({ kind: 'failed' });
    expect(stores.documents.getState().document.storage?.fencing).toBe('job');
  });

  it('leaves the slot alone while the protected document (a link opened over saved work) is shown', () => {
    const stores = { documents: createDocumentStore(flagship, 's07'), ui: createUiStore() };
    stores.documents.getState().replace(other, 'link');
    const storage = memoryStorage();
    createAutosave({ stores, storage, tabId: 'me', baseRevision: 0, protectedDocument: other });
    stores.ui.getState().set({ playheadMs: 7_300_000 });
    vi.advanceTimersByTime(1_000);
    expect(storage.items.size).toBe(0);
    stores.documents.temporal.getState().undo();
    vi.advanceTimersByTime(1_000);
    expect(decodeRecord(storage.getItem(AUTOSAVE_KEY))?.document).toEqual(flagship);
  });

  it('says "Saving…" while a draft holds words the document does not, and never "Saved" over them', () => {
    const { stores, storage, autosave } = setUp();
    const draft = {};
    autosave.draftPending(draft, true);
    expect(autosave.status.getState().status).toEqual({ kind: 'saving' });
    // Another change saved meanwhile: still "Saving…", the draft's words are not in storage.
    stores.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    vi.advanceTimersByTime(1_000);
    expect(storage.items.size).toBe(1);
    expect(autosave.status.getState().status).toEqual({ kind: 'saving' });
    // The draft committed: saved a moment later, and only then "Saved".
    const current = stores.documents.getState().document;
    stores.documents.getState().commit([{ kind: 'replaceDocument', document: { ...current, explanation: 'why' } }]);
    autosave.draftPending(draft, false);
    expect(autosave.status.getState().status).toEqual({ kind: 'saving' });
    vi.advanceTimersByTime(1_000);
    expect(autosave.status.getState().status).toEqual({ kind: 'saved', atMs: 5_000 });
    expect(decodeRecord(storage.getItem(AUTOSAVE_KEY))?.document.explanation).toBe('why');
  });

  it('a draft that settles back to the saved words says "Saved" again without a change', () => {
    const { stores, autosave } = setUp();
    stores.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    vi.advanceTimersByTime(1_000);
    const draft = {};
    autosave.draftPending(draft, true);
    expect(autosave.status.getState().status).toEqual({ kind: 'saving' });
    autosave.draftPending(draft, false);
    expect(autosave.status.getState().status).toEqual({ kind: 'saved', atMs: 5_000 });
  });

  it('commits every draft and writes at once when the page is hidden or goes away, with no timer left', () => {
    const stores = { documents: createDocumentStore(flagship, 's07-fencing-off'), ui: createUiStore() };
    const storage = memoryStorage();
    const target = events();
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const autosave = createAutosave({ stores, storage, tabId: 'me', baseRevision: 0, events: target, page });
    const draft = {};
    autosave.addDraft(() => {
      const current = stores.documents.getState().document;
      stores.documents.getState().commit([{ kind: 'replaceDocument', document: { ...current, explanation: 'typed' } }]);
      autosave.draftPending(draft, false);
    });
    autosave.draftPending(draft, true);
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(decodeRecord(storage.getItem(AUTOSAVE_KEY))?.document.explanation).toBe('typed');
    expect(autosave.status.getState().status.kind).toBe('saved');
    expect(vi.getTimerCount()).toBe(0);
    // A reload (pagehide) right after one more change writes it too.
    stores.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    target.dispatchEvent(new Event('pagehide'));
    expect(decodeRecord(storage.getItem(AUTOSAVE_KEY))?.document.storage?.fencing).toBe('job');
  });
});
