/**
 * Write markers on the storage lane: a shape per result, the token beside it, a ring on
 * writes of a doubly-applied order and a link joining them. Each marker is focusable
 * (`role="button"`) with a name such as `Write of order 1003 by A, token 7, stale`, and is a
 * drag target (drag later to delay it in the network). Mutates only the SVG, and only what changed.
 */
import { attrs, num, textIfChanged } from './drawAttrs';
import type { Group } from './drawLayers';
import { writeShapePath } from './drawShapes';
import type { WriteLink, WriteMarker } from './geometry';

export const WRITE_SIZE_PX = 9;

export function drawWrites(layer: Group, writes: readonly WriteMarker[]): void {
  const groups = layer
    .selectAll<SVGGElement, WriteMarker>('g.tl-write')
    .data(writes, (write) => write.key)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-write').attr('role', 'button').attr('tabindex', 0);
      g.attr('data-drag', 'write');
      g.append('circle')
        .attr('class', 'tl-write-ring')
        .attr('r', WRITE_SIZE_PX * 0.85);
      g.append('path').attr('class', 'tl-write-shape');
      return g;
    });
  attrs(groups, {
    class: (write) => `tl-write tl-write--${write.result}${write.doubleApplied ? ' tl-write--doubled' : ''}`,
    'data-write-id': (write) => write.writeId,
    'data-replica': (write) => write.replica,
    'data-order': (write) => write.order,
    'aria-label': (write) => write.ariaLabel,
    transform: (write) => `translate(${num(write.x)},${num(write.y)})`,
  });
  attrs(groups.select<SVGPathElement>('path'), { d: (write) => writeShapePath(write.shape, WRITE_SIZE_PX) });
  attrs(groups.select<SVGCircleElement>('circle'), { display: (write) => (write.doubleApplied ? null : 'none') });
}

/**
 * The `#1003 A·7` beside each marker that has room, drawn outside the button: a control's
 * visible text must be part of its name (WCAG 2.5.3), and the name says it in words
 * ("Write of order 1003 by A, token 7").
 */
export function drawWriteTokens(layer: Group, writes: readonly WriteMarker[], fontPx: number): void {
  const labels = layer
    .selectAll<SVGTextElement, WriteMarker>('text.tl-write-token')
    .data(
      writes.filter((write) => write.labelBox !== null),
      (write) => write.key,
    )
    .join((enter) =>
      enter
        .append('text')
        .attr('class', 'tl-write-token')
        .attr('aria-hidden', 'true')
        .attr('dominant-baseline', 'middle'),
    );
  attrs(labels, {
    x: (write) => num(write.labelBox?.x ?? write.x),
    y: (write) => num(write.y),
    'font-size': () => fontPx,
  });
  textIfChanged(labels, (write) => write.label ?? '');
}

export function drawWriteLinks(layer: Group, links: readonly WriteLink[]): void {
  attrs(
    layer
      .selectAll<SVGPathElement, WriteLink>('path')
      .data(links, (link) => link.key)
      .join((enter) => enter.append('path').attr('class', 'tl-link')),
    {
      // An arc over the markers, so the link does not hide writes between the two.
      d: (link) => {
        const midX = (link.x0 + link.x1) / 2;
        const topY = Math.min(link.y0, link.y1) - 10;
        return `M${num(link.x0)},${num(link.y0)}Q${num(midX)},${num(topY)} ${num(link.x1)},${num(link.y1)}`;
      },
    },
  );
}
