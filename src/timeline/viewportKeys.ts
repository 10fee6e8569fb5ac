/**
 * Keyboard zoom and pan for the chart (when the focus is on the chart, not on a handle):
 * `+`/`=` zoom in, `-` zoom out (around the anchor, the centre by default), `0` back to the
 * whole window, Shift+ArrowLeft/Right pan by a tenth of the view, Shift+PageUp/PageDown by a
 * whole view. Keys with Ctrl or Meta are left to the browser (its own page zoom). Pure.
 */
import { panViewport, resizeViewport, type Viewport, zoomViewport } from './viewport';

export interface ViewportKey {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
}

/** Zoom factor per key press. */
export const KEY_ZOOM_FACTOR = 2;
/** Fraction of the span one Shift+arrow pans. */
export const KEY_PAN_FRACTION = 0.1;

/**
 * Pure: the viewport after `key`, or null when the key is not a viewport key. `home` is the
 * whole-window view for `0`; `anchorMs` (e.g. the playhead) stays put when zooming.
 */
export function viewportForKey(
  viewport: Viewport,
  key: ViewportKey,
  home: Viewport,
  anchorMs?: number,
): Viewport | null {
  if (key.ctrlKey || key.metaKey || key.altKey) return null;
  const spanMs = viewport.toMs - viewport.fromMs;
  const anchor = anchorMs ?? (viewport.fromMs + viewport.toMs) / 2;
  switch (key.key) {
    case '+':
    case '=':
      return zoomViewport(viewport, KEY_ZOOM_FACTOR, anchor);
    case '-':
    case '_':
      return zoomViewport(viewport, 1 / KEY_ZOOM_FACTOR, anchor);
    case '0':
      return resizeViewport(home, viewport.widthPx);
    case 'ArrowLeft':
      return key.shiftKey ? panViewport(viewport, -spanMs * KEY_PAN_FRACTION) : null;
    case 'ArrowRight':
      return key.shiftKey ? panViewport(viewport, spanMs * KEY_PAN_FRACTION) : null;
    case 'PageUp':
      return key.shiftKey ? panViewport(viewport, -spanMs) : null;
    case 'PageDown':
      return key.shiftKey ? panViewport(viewport, spanMs) : null;
    default:
      return null;
  }
}
