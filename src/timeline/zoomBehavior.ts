/**
 * Zoom and pan with the pointer, as a framework-free factory (xyflow's XYPanZoom shape): reads
 * the viewport through `getViewport()`, reports a new one through `onViewport()`, never keeps
 * its own copy. Returns `{update, destroy}`.
 *
 * - Ctrl (or Cmd) + wheel zooms around the pointer; a trackpad pinch arrives as exactly that.
 *   A plain vertical wheel is left to the page, so the chart never traps scrolling.
 * - Shift + wheel, or a horizontal wheel / trackpad swipe, pans.
 * - Dragging on the axis pans (d3-drag on the axis layer).
 * Keyboard zoom and pan are pure helpers in `viewportKeys.ts`, wired by the app.
 */
import { type D3DragEvent, drag, pointer } from 'd3';
import { ensureLayers } from './drawLayers';
import { LANE_LABEL_WIDTH_PX } from './layoutLanes';
import { panViewport, pxToMs, type Viewport, zoomViewport } from './viewport';

export interface TimelineZoomCallbacks {
  getViewport(): Viewport;
  onViewport(viewport: Viewport): void;
  /** The plot's left offset in the SVG; defaults to the layout's lane-label gutter. */
  getPlotLeftPx?(): number;
}

/** Wheel sensitivity: 100 px of wheel zooms by e^0.2, about 22 %. */
const WHEEL_ZOOM_PER_PX = 0.002;
const LINE_PX = 16;
const PAGE_PX = 400;

export function createTimelineZoom(
  svg: SVGSVGElement,
  callbacks: TimelineZoomCallbacks,
): { update(): void; destroy(): void } {
  const plotLeft = () => callbacks.getPlotLeftPx?.() ?? LANE_LABEL_WIDTH_PX;

  const onWheel = (event: WheelEvent) => {
    const scale = event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? PAGE_PX : 1;
    const viewport = callbacks.getViewport();
    const msPerPx = (viewport.toMs - viewport.fromMs) / viewport.widthPx;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      const anchorMs = pxToMs(viewport, pointer(event, svg)[0] - plotLeft());
      callbacks.onViewport(zoomViewport(viewport, Math.exp(-event.deltaY * scale * WHEEL_ZOOM_PER_PX), anchorMs));
      return;
    }
    // Shift turns a vertical wheel into a horizontal one in most browsers, but not all.
    const dx = event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX;
    if (dx === 0 || Math.abs(dx) < Math.abs(event.shiftKey ? 0 : event.deltaY)) return;
    event.preventDefault();
    callbacks.onViewport(panViewport(viewport, dx * scale * msPerPx));
  };

  const axisDrag = drag<SVGGElement, unknown>()
    .subject((event: D3DragEvent<SVGGElement, unknown, unknown>) => ({ x: event.x, y: event.y }))
    .on('drag', (event: D3DragEvent<SVGGElement, unknown, unknown>) => {
      const viewport = callbacks.getViewport();
      const msPerPx = (viewport.toMs - viewport.fromMs) / viewport.widthPx;
      callbacks.onViewport(panViewport(viewport, -event.dx * msPerPx));
    });

  let axis = ensureLayers(svg).get('axis');
  svg.addEventListener('wheel', onWheel, { passive: false });
  axis.call(axisDrag);

  return {
    update() {
      // The skeleton is stable, but an SVG that was cleared gets a new one: rebind to it.
      const current = ensureLayers(svg).get('axis');
      if (current.node() !== axis.node()) {
        axis.on('.drag', null);
        axis = current;
        axis.call(axisDrag);
      }
    },
    destroy() {
      svg.removeEventListener('wheel', onWheel);
      axis.on('.drag', null);
    },
  };
}
