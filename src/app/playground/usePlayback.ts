/**
 * Playback: while playing, the playhead advances by `speed` virtual milliseconds per real
 * millisecond on animation frames, and stops at the end of the window. Time below the app
 * layer is virtual; this is the one place real time drives anything. No frame is requested
 * while paused.
 */
import { useEffect } from 'react';
import type { UiStore } from '../state/uiStore';
import { useUi } from '../state/uiStore';

export function usePlayback(ui: UiStore, windowFromMs: number, windowToMs: number): void {
  const playing = useUi(ui, (state) => state.playing);
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let lastRealMs: number | null = null;
    const tick = (realMs: number) => {
      const state = ui.getState();
      if (!state.playing) return;
      const elapsedMs = lastRealMs === null ? 0 : realMs - lastRealMs;
      lastRealMs = realMs;
      const fromMs = state.playheadMs ?? windowFromMs;
      const nextMs = Math.min(windowToMs, Math.round(fromMs + elapsedMs * state.speed));
      state.set({ playheadMs: nextMs, playing: nextMs < windowToMs });
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [ui, playing, windowFromMs, windowToMs]);
}
