/**
 * What a page load opens, given the address and the autosaved work. Pure.
 *
 * - `#exercise=ex03` opens a fresh exercise night; a share link (`#s=`) opens its scenario.
 *   Either wins over the autosave, but never destroys it: the autosaved document is opened
 *   first and the new one on top as one undoable step (Undo brings the saved work back), and
 *   autosave leaves the slot alone until the person changes something.
 * - A link that cannot be opened changes nothing: the autosaved work (or, with none, the
 *   flagship) is shown and the notice says why.
 * - A tab reloading an address it wrote itself (`ownAddress`, tabSession.ts) restores its
 *   autosaved work: that address is this work's own, possibly a few keys behind it.
 * - Otherwise the autosaved work is restored with its view, or the flagship opens.
 */
import type { ScenarioError } from '../../model/scenarioError';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { EXERCISE_SOURCE, ex03Night, isExerciseHash } from '../exercise/ex03Night';
import { initialDocument } from '../state/initialDocument';
import { type AutosaveRecord, type SavedView, sameDocument } from './autosaveRecord';

export interface OpenedDocument {
  readonly document: ScenarioDocument;
  readonly source: string;
}

export type OpeningNotice =
  /** A link or the exercise was opened over different autosaved work; Undo brings it back. */
  | { readonly kind: 'openedOverSaved'; readonly savedAtMs: number }
  /** The link in the address is broken; the autosaved work is shown. */
  | { readonly kind: 'linkBrokenShowingSaved'; readonly reason: ScenarioError }
  /** The link in the address is broken; the flagship is shown (nothing was saved). */
  | { readonly kind: 'linkBrokenShowingFlagship'; readonly reason: ScenarioError };

export interface Opening {
  /** The document to show. */
  readonly opened: OpenedDocument;
  /** Put under `opened` in the undo history, or null. */
  readonly earlier: OpenedDocument | null;
  /** The view to restore, or null for the default view. */
  readonly view: SavedView | null;
  readonly notice: OpeningNotice | null;
  /** The revision of the autosave this page starts from (0 without one). */
  readonly baseRevision: number;
}

export function openingDocument(hash: string, saved: AutosaveRecord | null, ownAddress = false): Opening {
  const baseRevision = saved?.revision ?? 0;
  const savedDocument = saved ? { document: saved.document, source: saved.source } : null;
  if (ownAddress && saved && savedDocument)
    return { opened: savedDocument, earlier: null, view: saved.view, notice: null, baseRevision };
  if (isExerciseHash(hash)) {
    return over({ document: ex03Night(), source: EXERCISE_SOURCE }, saved, baseRevision);
  }
  const fromAddress = initialDocument(hash);
  if (fromAddress.linkError !== null) {
    if (saved && savedDocument) {
      const notice = { kind: 'linkBrokenShowingSaved', reason: fromAddress.linkError } as const;
      return { opened: savedDocument, earlier: null, view: saved.view, notice, baseRevision };
    }
    const notice = { kind: 'linkBrokenShowingFlagship', reason: fromAddress.linkError } as const;
    return { opened: plain(fromAddress), earlier: null, view: null, notice, baseRevision };
  }
  if (fromAddress.source === 'link') return over(plain(fromAddress), saved, baseRevision);
  if (saved && savedDocument)
    return { opened: savedDocument, earlier: null, view: saved.view, notice: null, baseRevision };
  return { opened: plain(fromAddress), earlier: null, view: null, notice: null, baseRevision };
}

function plain({ document, source }: OpenedDocument): OpenedDocument {
  return { document, source };
}

/** `opened` shown on top of the autosaved work (unless they are the same scenario). */
function over(opened: OpenedDocument, saved: AutosaveRecord | null, baseRevision: number): Opening {
  if (saved === null) return { opened, earlier: null, view: null, notice: null, baseRevision };
  if (sameDocument(saved.document, opened.document)) {
    // Reloading a page whose address holds the autosaved scenario: the same work, its view.
    return {
      opened: { document: saved.document, source: saved.source },
      earlier: null,
      view: saved.view,
      notice: null,
      baseRevision,
    };
  }
  return {
    opened,
    earlier: { document: saved.document, source: saved.source },
    view: null,
    notice: { kind: 'openedOverSaved', savedAtMs: saved.savedAtMs },
    baseRevision,
  };
}
