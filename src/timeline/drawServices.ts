/**
 * The mechanism lanes' bars: merged into one `<path>` per lane, tone and replica shade (as the
 * activity bands are), with the key, term or claim written inside bars wide enough for it.
 * Tones differ by more than colour: waiting keys are outlined, down nodes hatched, stale Lease
 * records paler. Mutates only the SVG; text only via `.text()`.
 */
import { attrs, textIfChanged } from './drawAttrs';
import { drawBandGroups, groupBands } from './drawBands';
import type { Group } from './drawLayers';
import type { ServiceSpan } from './geometry';

/** Shades cycle every three replicas, so neighbouring claims read apart. */
const SHADES = 3;

export function drawServiceSpans(layer: Group, labels: Group, spans: readonly ServiceSpan[], uid: string): void {
  drawBandGroups(
    layer,
    groupBands(spans, (span) => {
      const shade = span.replicaIndex === null ? 'none' : String(span.replicaIndex % SHADES);
      return {
        key: `${span.laneId}:${span.tone}:${shade}`,
        className: `tl-service tl-service--${span.tone} tl-service--shade-${shade}`,
        ...(span.tone === 'down' ? { fill: `url(#${uid}-hatch-down)` } : {}),
      };
    }),
  );
  const labelled = labels
    .selectAll<SVGTextElement, ServiceSpan>('text')
    .data(
      spans.filter((span) => span.label !== null),
      (span) => span.key,
    )
    .join((enter) => enter.append('text').attr('class', 'tl-service-label').attr('dominant-baseline', 'middle'));
  attrs(labelled, {
    class: (span) => `tl-service-label tl-service-label--${span.tone}`,
    x: (span) => Math.max(span.x, 0) + 4,
    y: (span) => span.y + span.height / 2,
  });
  textIfChanged(labelled, (span) => span.label ?? '');
}
