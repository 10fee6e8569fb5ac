/**
 * The scenario being worked on, with its undo history (zundo over a vanilla zustand store).
 * This is the one source of truth for the document; the trace, the report and the geometry
 * are derived from it and never stored. One committed gesture is one history entry: a drag
 * previews through the UI store and commits here once, on release.
 */
import { temporal } from 'zundo';
import { createStore, useStore } from 'zustand';
import { applyEdits, type ScenarioEdit } from '../../model/scenarioEdit';
import type { ScenarioDocument } from '../../model/scenarioSchema';

/** Undo reaches back at least this many gestures. */
export const HISTORY_LIMIT = 200;

export interface DocumentState {
  readonly document: ScenarioDocument;
  /** Where the document came from: a preset id, `link`, or a file name. */
  readonly source: string;
  /**
   * Applies the edits as one undo step. `resulting`: the document they give, already made (a
   * drag's last preview), so what is derived from it (its night) is not made again; the
   * caller vouches that it is `applyEdits(document, edits)`.
   */
  readonly commit: (edits: readonly ScenarioEdit[], resulting?: ScenarioDocument) => void;
  readonly replace: (document: ScenarioDocument, source: string) => void;
}

export function createDocumentStore(initial: ScenarioDocument, source: string) {
  return createStore<DocumentState>()(
    temporal(
      (set, get) => ({
        document: initial,
        source,
        commit: (edits, resulting) => {
          if (edits.length === 0) return;
          const next = resulting ?? applyEdits(get().document, edits);
          if (next !== get().document) set({ document: next });
        },
        replace: (document, nextSource) => set({ document, source: nextSource }),
      }),
      {
        limit: HISTORY_LIMIT,
        partialize: (state) => ({ document: state.document, source: state.source }),
        equality: (past, current) => past.document === current.document,
      },
    ),
  );
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;

/** Reads the document store through a selector. */
export function useDocument<T>(store: DocumentStore, selector: (state: DocumentState) => T): T {
  return useStore(store, selector);
}

/** Whether undo / redo have anything to do, for the buttons' disabled state. */
export function useHistoryAvailability(store: DocumentStore): { canUndo: boolean; canRedo: boolean } {
  const canUndo = useStore(store.temporal, (state) => state.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (state) => state.futureStates.length > 0);
  return { canUndo, canRedo };
}
