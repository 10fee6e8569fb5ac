import { useSyncExternalStore } from 'react';

/**
 * A short window (a 1280x720 laptop, a projector's 768 lines): the night's story starts folded
 * to one line and the chart keeps room under it only for the playback row, so the verdict,
 * every lane and the playback controls are on the first screen. One threshold for both.
 */
export const SHORT_WINDOW_QUERY = '(max-height: 899px)';

const query = (): MediaQueryList | null =>
  typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? null
    : window.matchMedia(SHORT_WINDOW_QUERY);

/** Whether the window is short now. */
export function isShortWindow(): boolean {
  return query()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the window is short, following it as it is resized. */
export function useShortWindow(): boolean {
  return useSyncExternalStore(subscribe, isShortWindow, () => false);
}
