import { useLayoutEffect, useRef } from 'react';
import { drawTimeline } from '../../timeline/drawTimeline';
import type { TimelineGeometry } from '../../timeline/geometry';
import { SWATCH_PLAYHEAD_X } from '../../timeline/legend';

/** What makes a chart mark a control; a swatch is a picture, so it keeps none of it. */
const CONTROL_ATTRIBUTES = [
  'tabindex',
  'role',
  'aria-label',
  'aria-valuetext',
  'aria-valuemin',
  'aria-valuemax',
  'aria-valuenow',
  'aria-orientation',
  'data-drag',
  'data-event-index',
  'data-write-id',
];

/**
 * One mark of the night, drawn by the chart's own `drawTimeline()` into a small SVG with the
 * chart's classes (so timeline.css styles it exactly as on the chart). The words beside it say
 * what it is, so the picture is hidden from assistive technology and nothing in it is a control.
 */
export function LegendSwatch({ itemKey, swatch }: { readonly itemKey: string; readonly swatch: TimelineGeometry }) {
  const ref = useRef<SVGSVGElement>(null);
  // A layout effect: printing right after the legend mounts must find it drawn.
  useLayoutEffect(() => {
    const svg = ref.current;
    if (svg === null) return;
    drawTimeline(svg, swatch, { playheadX: itemKey === 'playhead' ? SWATCH_PLAYHEAD_X : null });
    for (const attribute of CONTROL_ATTRIBUTES)
      for (const element of svg.querySelectorAll(`[${attribute}]`)) element.removeAttribute(attribute);
    // A mark's tooltip names that one mark of the night (its times); the legend's words say what
    // the kind of mark means.
    for (const title of svg.querySelectorAll('title')) title.remove();
  }, [itemKey, swatch]);
  return <svg ref={ref} className="timeline-swatch" aria-hidden="true" focusable="false" data-legend-item={itemKey} />;
}
