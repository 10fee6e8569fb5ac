/**
 * Registers the service worker that vite-plugin-pwa generates at build time (it precaches
 * the built app: after one visit Leaseline opens with the network gone). `prompt` mode: a new
 * version waits; `UpdateBanner` offers it, and only a person's click reloads the page.
 */
import { registerSW } from 'virtual:pwa-register';
import { offlineStatus } from './offlineStatus';

export function registerOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    immediate: true,
    onOfflineReady: () => offlineStatus.getState().set({ offlineReady: true }),
    onNeedRefresh: () => offlineStatus.getState().set({ updateWaiting: true }),
  });
  offlineStatus.getState().set({ applyUpdate: () => void updateServiceWorker(true) });
}
