/**
 * The person's preferences, kept in the browser across visits: for now whether single-key
 * shortcuts (F, [, ], +, -, 0, ?, the number keys, B in presentation) are on. WCAG 2.1.4:
 * someone using speech input or a switch device must be able to turn them off. Shortcuts with
 * Ctrl/Cmd and the keys of focused controls (arrows, Page Up/Down, Space) stay.
 */
import { createStore } from 'zustand/vanilla';

const STORAGE_KEY = 'leaseline:preferences';

export interface Preferences {
  readonly singleKeyShortcuts: boolean;
  set(patch: Partial<Omit<Preferences, 'set'>>): void;
}

function readSaved(): Partial<Preferences> {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}') as unknown;
    if (saved !== null && typeof saved === 'object' && 'singleKeyShortcuts' in saved) {
      const value = (saved as { singleKeyShortcuts: unknown }).singleKeyShortcuts;
      if (typeof value === 'boolean') return { singleKeyShortcuts: value };
    }
  } catch {
    // Unreadable or blocked storage: the defaults.
  }
  return {};
}

export const preferences = createStore<Preferences>()((set, get) => ({
  singleKeyShortcuts: true,
  ...readSaved(),
  set: (patch) => {
    set(patch);
    try {
      // The whole of what is kept, not the patch: a patch without a field must not erase it.
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify({ singleKeyShortcuts: get().singleKeyShortcuts }));
    } catch {
      // Private mode or full storage: the preference holds for this visit.
    }
  },
}));
