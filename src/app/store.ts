/**
 * The UI store: UI state only (STYLE.md rule 12). It holds which preset is selected, never
 * the scenario or its report, which are derived from the selection (see usePresetCheck).
 * One vanilla zustand store, actions colocated, updated only through `set`.
 */
import { createStore, useStore } from 'zustand';

export interface UiState {
  /** invariant: null until the user chooses; the page then shows the first preset. */
  readonly presetId: string | null;
  readonly selectPreset: (presetId: string) => void;
}

export const uiStore = createStore<UiState>()((set) => ({
  presetId: null,
  selectPreset: (presetId) => set({ presetId }),
}));

/** Reads the UI store through a selector, so a component re-renders only when its slice changes. */
export function useUi<T>(selector: (state: UiState) => T): T {
  return useStore(uiStore, selector);
}
