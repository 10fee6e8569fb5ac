/**
 * Lane backgrounds and labels, the time axis with its pan area, and the playhead. Joins
 * geometry to SVG; mutates only the SVG. Lane labels come from the file (replica ids) and are
 * set with `.text()` only.
 */

import type { Group } from './drawLayers';
import type { TimelineGeometry } from './geometry';

/** Lanes: a background spanning gutter and plot, and the label right-aligned in the gutter. */
export function drawLanes(layer: Group, geometry: TimelineGeometry): void {
  const lanes = layer
    .selectAll<SVGGElement, TimelineGeometry['lanes'][number]>('g.tl-lane')
    .data(geometry.lanes, (lane) => lane.id)
    .join((enter) => {
      const g = enter.append('g');
      g.append('rect').attr('class', 'tl-lane-bg');
      g.append('text').attr('class', 'tl-lane-label').attr('text-anchor', 'end').attr('dominant-baseline', 'middle');
      return g;
    })
    .attr('class', (lane) => `tl-lane tl-lane--${lane.kind}`)
    .attr('data-lane-id', (lane) => lane.id);
  lanes
    .select('rect.tl-lane-bg')
    .attr('x', -geometry.plotLeftPx)
    .attr('y', (lane) => lane.y)
    .attr('width', geometry.widthPx)
    .attr('height', (lane) => lane.height);
  lanes
    .select('text.tl-lane-label')
    .attr('x', -8)
    .attr('y', (lane) => lane.y + lane.height / 2)
    .text((lane) => lane.label);
}

/** The axis: tick lines across the lanes, labels on top, and a transparent strip to pan on. */
export function drawAxis(layer: Group, geometry: TimelineGeometry): void {
  layer
    .selectAll('rect.tl-axis-hit')
    .data([null])
    .join('rect')
    .attr('class', 'tl-axis-hit')
    .attr('x', 0)
    .attr('y', 0)
    .attr('width', geometry.viewport.widthPx)
    .attr('height', geometry.lanesTopY);
  // Ticks are keyed by time, so a pan slides the same nodes instead of relabelling them all.
  const ticks = layer
    .selectAll<SVGGElement, TimelineGeometry['ticks'][number]>('g.tl-tick')
    .data(geometry.ticks, (tick) => String(tick.ms))
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-tick');
      g.append('line').attr('class', 'tl-tick-line');
      g.append('text').attr('class', 'tl-tick-label').attr('text-anchor', 'middle');
      return g;
    })
    .attr('transform', (tick) => `translate(${tick.x},0)`);
  ticks
    .select('line')
    .attr('y1', geometry.axisY + 4)
    .attr('y2', geometry.lanesBottomY);
  ticks
    .select('text')
    .attr('y', geometry.axisY)
    .text((tick) => tick.label);
}

/** The playhead: a line over the lanes at `x`, or nothing. */
export function drawPlayhead(layer: Group, geometry: TimelineGeometry, x: number | null): void {
  layer
    .selectAll('line.tl-playhead')
    .data(x === null || !Number.isFinite(x) ? [] : [x])
    .join('line')
    .attr('class', 'tl-playhead')
    .attr('x1', (value) => value)
    .attr('x2', (value) => value)
    .attr('y1', geometry.violationY - 8)
    .attr('y2', geometry.lanesBottomY);
}
