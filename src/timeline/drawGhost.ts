/**
 * The ghost: the night as it was when a drag began, drawn faint under the live one, so cause
 * and effect show while the pointer moves. Only the marks that move (activity, process,
 * beliefs, leases, writes); not focusable, not a drag target, hidden from assistive tech.
 * The ghost does not change during a drag, so it is redrawn only when it (or its layer) does.
 */
import type { Group } from './drawLayers';
import { writeShapePath } from './drawShapes';
import { WRITE_SIZE_PX } from './drawWrites';
import type { Band, TimelineGeometry, WriteMarker } from './geometry';

const drawn = new WeakMap<SVGGElement, TimelineGeometry | null>();

interface GhostPart {
  readonly name: string;
  readonly bands: readonly Band[];
}

export function drawGhost(layer: Group, ghost: TimelineGeometry | null): void {
  const node = layer.node();
  if (node && drawn.has(node) && drawn.get(node) === ghost) return;
  if (node) drawn.set(node, ghost);
  const parts: GhostPart[] = ghost
    ? [
        { name: 'activity', bands: ghost.activityBands },
        { name: 'process', bands: ghost.processBands },
        { name: 'beliefs', bands: ghost.beliefBars },
        { name: 'leases', bands: ghost.leaseBars },
      ]
    : [];
  layer
    .selectAll<SVGGElement, GhostPart>('g.tl-ghost-part')
    .data(parts, (part) => part.name)
    .join('g')
    .attr('class', (part) => `tl-ghost-part tl-ghost-part--${part.name}`)
    .selectAll<SVGRectElement, Band>('rect')
    .data(
      (part) => part.bands,
      (band) => band.key,
    )
    .join('rect')
    .attr('class', 'tl-ghost-band')
    .attr('x', (band) => band.x)
    .attr('y', (band) => band.y)
    .attr('width', (band) => band.width)
    .attr('height', (band) => band.height);
  layer
    .selectAll<SVGPathElement, WriteMarker>('path')
    .data(ghost ? ghost.writes : [], (write) => write.key)
    .join('path')
    .attr('class', (write) => `tl-ghost-write tl-ghost-write--${write.result}`)
    .attr('d', (write) => writeShapePath(write.shape, WRITE_SIZE_PX))
    .attr('transform', (write) => `translate(${write.x},${write.y})`);
}
