/**
 * Lane backgrounds and labels, the time axis with its pan area, and the playhead. Joins
 * geometry to SVG, writing only what changed. Lane labels come from the file (replica ids) and
 * are set with `.text()` only.
 */
import { attrs, num, textIfChanged } from './drawAttrs';
import type { Group } from './drawLayers';
import type { TimelineGeometry } from './geometry';

type Lane = TimelineGeometry['lanes'][number];
type Tick = TimelineGeometry['ticks'][number];

/**
 * Lanes: a background spanning gutter and plot, and the label in the gutter against the plot
 * (right-aligned left of it, or left-aligned right of it when the labels stand on the right).
 */
export function drawLanes(layer: Group, geometry: TimelineGeometry): void {
  const labelsRight = geometry.laneLabelSide === 'right';
  const lanes = layer
    .selectAll<SVGGElement, Lane>('g.tl-lane')
    .data(geometry.lanes, (lane) => lane.id)
    .join((enter) => {
      const g = enter.append('g');
      g.append('rect').attr('class', 'tl-lane-bg');
      g.append('text').attr('class', 'tl-lane-label').attr('dominant-baseline', 'middle');
      return g;
    });
  attrs(lanes, { class: (lane) => `tl-lane tl-lane--${lane.kind}`, 'data-lane-id': (lane) => lane.id });
  attrs(lanes.select<SVGRectElement>('rect.tl-lane-bg'), {
    x: () => -geometry.plotLeftPx,
    y: (lane) => lane.y,
    width: () => geometry.widthPx,
    height: (lane) => lane.height,
  });
  const labels = attrs(lanes.select<SVGTextElement>('text.tl-lane-label'), {
    x: () => (labelsRight ? geometry.viewport.widthPx + 8 : -8),
    y: (lane) => lane.y + lane.height / 2,
    'text-anchor': () => (labelsRight ? 'start' : 'end'),
  });
  textIfChanged(labels, (lane) => lane.label);
}

/** The axis: tick lines across the lanes, labels on top, and a transparent strip to pan on. */
export function drawAxis(layer: Group, geometry: TimelineGeometry): void {
  attrs(
    layer
      .selectAll<SVGRectElement, null>('rect.tl-axis-hit')
      .data([null])
      .join((enter) => enter.append('rect').attr('class', 'tl-axis-hit')),
    { x: () => 0, y: () => 0, width: () => geometry.viewport.widthPx, height: () => geometry.lanesTopY },
  );
  // Ticks are keyed by time, so a pan slides the same nodes instead of relabelling them all.
  const ticks = layer
    .selectAll<SVGGElement, Tick>('g.tl-tick')
    .data(geometry.ticks, (tick) => String(tick.ms))
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-tick');
      g.append('line').attr('class', 'tl-tick-line');
      g.append('text').attr('class', 'tl-tick-label').attr('text-anchor', 'middle');
      return g;
    });
  attrs(ticks, { transform: (tick) => `translate(${num(tick.x)},0)` });
  attrs(ticks.select<SVGLineElement>('line'), { y1: () => geometry.axisY + 4, y2: () => geometry.lanesBottomY });
  textIfChanged(attrs(ticks.select<SVGTextElement>('text'), { y: () => geometry.axisY }), (tick) => tick.label);
}

/** The playhead: a line over the lanes at `x`, or nothing. */
export function drawPlayhead(layer: Group, geometry: TimelineGeometry, x: number | null): void {
  const groups = layer
    .selectAll<SVGGElement, number>('g.tl-playhead-group')
    .data(x === null || !Number.isFinite(x) ? [] : [x])
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-playhead-group');
      g.append('line').attr('class', 'tl-playhead');
      // The grip above the axis: drag it to move the playhead (the app wires the gesture).
      g.append('path').attr('class', 'tl-playhead-grip').attr('data-drag', 'playhead').attr('d', 'M-7,-9H7L0,0Z');
      return g;
    });
  attrs(groups.select<SVGLineElement>('line'), {
    x1: (value) => value,
    x2: (value) => value,
    y1: () => geometry.violationY - 8,
    y2: () => geometry.lanesBottomY,
  });
  attrs(groups.select<SVGPathElement>('path'), {
    transform: (value) => `translate(${num(value)},${num(geometry.violationY - 8)})`,
  });
}
