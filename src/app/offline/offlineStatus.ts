/**
 * What the service worker says, for the page: the app is cached for offline use, or a new
 * version is waiting. A new version never reloads the page by itself (a lesson may be on the
 * projector); it waits until the page is next opened, or until the person asks for it.
 */
import { createStore } from 'zustand/vanilla';

export interface OfflineStatus {
  /** The app is precached: it opens with the network gone. */
  readonly offlineReady: boolean;
  /** A new version is installed and waiting. */
  readonly updateWaiting: boolean;
  /** Switches to the waiting version now (reloads the page); set once a worker registered. */
  readonly applyUpdate: (() => void) | null;
  set(patch: Partial<Omit<OfflineStatus, 'set'>>): void;
}

export const offlineStatus = createStore<OfflineStatus>()((set) => ({
  offlineReady: false,
  updateWaiting: false,
  applyUpdate: null,
  set: (patch) => set(patch),
}));
