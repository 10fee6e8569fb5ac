/**
 * Hands the page's autosave (created in main.tsx, where the opening document is decided)
 * down to the toolbar's status and the conflict prompt. Absent in tests that mount parts of
 * the page without it: those parts then show nothing.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { Autosave, SaveStatus } from './autosave';

const AutosaveContext = createContext<Autosave | null>(null);

export function AutosaveProvider({
  autosave,
  children,
}: {
  readonly autosave: Autosave;
  readonly children: ReactNode;
}) {
  return <AutosaveContext.Provider value={autosave}>{children}</AutosaveContext.Provider>;
}

export function useAutosave(): Autosave | null {
  return useContext(AutosaveContext);
}

const IDLE: { status: SaveStatus } = { status: { kind: 'idle' } };
const idleStore = { getState: () => IDLE, getInitialState: () => IDLE, subscribe: () => () => {} };

/** The current save status ("idle" without an autosave). */
export function useSaveStatus(): SaveStatus {
  const autosave = useAutosave();
  return useStore(autosave?.status ?? idleStore, (state) => state.status);
}
