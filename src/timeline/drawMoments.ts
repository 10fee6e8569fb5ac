/**
 * The key moments in words (a label with a paper backing in the strip above the lanes, and a
 * faint guide down to the lane where it happened) and the writes as arrows from the writer's
 * lane to storage, accepted and rejected told apart by line and head, not by colour alone.
 * Keyed joins that write only what changed. Text only via `.text()`.
 */
import { attrs, num, textIfChanged } from './drawAttrs';
import type { Group } from './drawLayers';
import type { MomentLabel, WriteArrow } from './geometry';

export function drawMomentGuides(layer: Group, labels: readonly MomentLabel[]): void {
  let d = '';
  for (const label of labels) {
    d += `M${num(label.anchorX)},${num(label.box.y + label.box.height)}V${num(label.anchorY)}`;
  }
  attrs(
    layer
      .selectAll<SVGPathElement, string>('path.tl-moment-guide')
      .data(d === '' ? [] : [d])
      .join((enter) => enter.append('path').attr('class', 'tl-moment-guide').attr('aria-hidden', 'true')),
    { d: (path) => path },
  );
}

export function drawMoments(layer: Group, labels: readonly MomentLabel[], fontPx: number): void {
  const groups = layer
    .selectAll<SVGGElement, MomentLabel>('g.tl-moment')
    .data(labels, (label) => label.key)
    .join((enter) => {
      const g = enter.append('g');
      g.append('title');
      g.append('rect').attr('class', 'tl-moment-bg').attr('rx', 2);
      g.append('text').attr('class', 'tl-moment-text').attr('dominant-baseline', 'central');
      return g;
    });
  attrs(groups, {
    class: (label) => `tl-moment tl-moment--p${label.priority}${label.shortened ? ' tl-moment--short' : ''}`,
    'data-moment-key': (label) => label.key,
    'data-moment-index': (label) => label.momentIndex,
  });
  attrs(groups.select<SVGRectElement>('rect'), {
    x: (label) => label.box.x,
    y: (label) => label.box.y,
    width: (label) => label.box.width,
    height: (label) => label.box.height,
  });
  const text = attrs(groups.select<SVGTextElement>('text'), {
    x: (label) => (label.anchor === 'start' ? label.box.x + 3 : label.box.x + label.box.width - 3),
    y: (label) => label.box.y + label.box.height / 2,
    'text-anchor': (label) => label.anchor,
    'font-size': () => fontPx,
  });
  textIfChanged(text, (label) => label.text);
  textIfChanged(groups.select<SVGTitleElement>('title'), (label) => label.sentence);
}

export function drawWriteArrows(layer: Group, arrows: readonly WriteArrow[], uid: string): void {
  attrs(
    layer
      .selectAll<SVGPathElement, WriteArrow>('path')
      .data(arrows, (arrow) => arrow.key)
      .join((enter) => enter.append('path').attr('aria-hidden', 'true')),
    {
      class: (arrow) => `tl-arrow tl-arrow--${arrow.result}`,
      d: (arrow) => `M${num(arrow.x0)},${num(arrow.y0)}L${num(arrow.x1)},${num(arrow.y1)}`,
      'marker-end': (arrow) => `url(#${uid}-arrow-${arrow.result})`,
    },
  );
}
