/** Which lane and time a point of the page falls on, from the geometry (no DOM hit-testing). */
import type { TimelineGeometry } from '../../timeline/geometry';
import { pxToMs } from '../../timeline/viewport';

export function dropTarget(
  svg: SVGSVGElement,
  geometry: TimelineGeometry,
  clientX: number,
  clientY: number,
): { laneId: string; atMs: number } | null {
  const box = svg.getBoundingClientRect();
  // Client pixels to layout pixels: the chart is drawn at its display scale (chartSize.ts).
  const perClientPx = geometry.widthPx / (box.width || geometry.widthPx);
  const plotX = (clientX - box.left) * perClientPx - geometry.plotLeftPx;
  const plotY = (clientY - box.top) * perClientPx - geometry.plotTopPx;
  const lane = geometry.lanes.find((candidate) => plotY >= candidate.y && plotY < candidate.y + candidate.height);
  if (!lane || plotX < 0 || plotX > geometry.viewport.widthPx) return null;
  return { laneId: lane.id, atMs: Math.round(pxToMs(geometry.viewport, plotX)) };
}
