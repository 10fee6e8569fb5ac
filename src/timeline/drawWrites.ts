/**
 * Write markers on the storage lane: a shape per result, the token beside it, a ring on
 * writes of a doubly-applied order and a link joining them. Each marker is focusable
 * (`role="button"`) with a name such as `Write of order 1003 by A, token 7, stale`, and is a
 * drag target (drag later to delay it in the network). Mutates only the SVG.
 */
import type { Group } from './drawLayers';
import { writeShapePath } from './drawShapes';
import type { WriteLink, WriteMarker } from './geometry';

export const WRITE_SIZE_PX = 9;

export function drawWrites(layer: Group, writes: readonly WriteMarker[]): void {
  const groups = layer
    .selectAll<SVGGElement, WriteMarker>('g.tl-write')
    .data(writes, (write) => write.key)
    .join((enter) => {
      const g = enter.append('g').attr('role', 'button').attr('tabindex', 0).attr('data-drag', 'write');
      g.append('circle')
        .attr('class', 'tl-write-ring')
        .attr('r', WRITE_SIZE_PX * 0.85);
      g.append('path').attr('class', 'tl-write-shape');
      g.append('text')
        .attr('class', 'tl-write-token')
        .attr('x', WRITE_SIZE_PX * 0.75)
        .attr('dominant-baseline', 'middle');
      return g;
    })
    .attr('class', (write) => `tl-write tl-write--${write.result}${write.doubleApplied ? ' tl-write--doubled' : ''}`)
    .attr('data-write-id', (write) => write.writeId)
    .attr('data-replica', (write) => write.replica)
    .attr('data-order', (write) => write.order)
    .attr('aria-label', (write) => write.ariaLabel)
    .attr('transform', (write) => `translate(${write.x},${write.y})`);
  groups.select('path').attr('d', (write) => writeShapePath(write.shape, WRITE_SIZE_PX));
  groups.select('circle').attr('display', (write) => (write.doubleApplied ? null : 'none'));
  groups.select('text').text((write) => write.tokenLabel);
}

export function drawWriteLinks(layer: Group, links: readonly WriteLink[]): void {
  layer
    .selectAll<SVGPathElement, WriteLink>('path')
    .data(links, (link) => link.key)
    .join('path')
    .attr('class', 'tl-link')
    .attr('d', (link) => {
      // An arc over the markers, so the link does not hide writes between the two.
      const midX = (link.x0 + link.x1) / 2;
      const topY = Math.min(link.y0, link.y1) - 10;
      return `M${link.x0},${link.y0}Q${midX},${topY} ${link.x1},${link.y1}`;
    });
}
