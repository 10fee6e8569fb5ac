/**
 * Registers the service worker that vite-plugin-pwa generates at build time (it precaches
 * the built app: after one visit Leaseline opens with the network gone). `prompt` mode: a new
 * version waits; `UpdateBanner` offers it, and only a person's click reloads the page.
 *
 * Not at once: its install fetches and stores the whole build, which takes the machine's other
 * core for a second or two, so it starts once the person has left the page alone for
 * `QUIET_BEFORE_INSTALL_MS` (afterQuietSpell.ts), never under a drag.
 */
import { registerSW } from 'virtual:pwa-register';
import { afterQuietSpell } from './afterQuietSpell';
import { offlineStatus } from './offlineStatus';

/** How long the page is left alone before the worker installs: a person reading the night. */
export const QUIET_BEFORE_INSTALL_MS = 3000;

export function registerOffline(view: Window): void {
  if (!('serviceWorker' in view.navigator)) return;
  afterQuietSpell(view, view, QUIET_BEFORE_INSTALL_MS, () => {
    const updateServiceWorker = registerSW({
      immediate: true,
      onOfflineReady: () => offlineStatus.getState().set({ offlineReady: true }),
      onNeedRefresh: () => offlineStatus.getState().set({ updateWaiting: true }),
    });
    offlineStatus.getState().set({ applyUpdate: () => void updateServiceWorker(true) });
  });
}
