/**
 * The SVG skeleton the timeline draws into: one group per kind of mark, in paint order, made
 * once per SVG element and found again by class on every redraw. Nothing here depends on the
 * geometry except sizes.
 */
import { type Selection, select } from 'd3';

export type Group = Selection<SVGGElement, unknown, null, undefined>;

/** Paint order, bottom first. `clipped` layers are clipped to the plot area. */
const LAYERS = [
  { name: 'lanes', clipped: false },
  { name: 'axis', clipped: false },
  { name: 'ghost', clipped: true },
  { name: 'zombies', clipped: true },
  // Under every mark: a key moment's guide runs down to its lane behind what is drawn there.
  { name: 'moment-guides', clipped: true },
  { name: 'activity', clipped: true },
  { name: 'activity-labels', clipped: true },
  { name: 'process', clipped: true },
  { name: 'beliefs', clipped: true },
  { name: 'lockrows', clipped: true },
  { name: 'services', clipped: true },
  { name: 'service-labels', clipped: true },
  { name: 'leases', clipped: true },
  { name: 'fence', clipped: true },
  { name: 'arrows', clipped: true },
  { name: 'violations', clipped: true },
  { name: 'moments', clipped: true },
  // Over the night's marks after a moment (predict, then reveal); writes stay above it.
  { name: 'curtain', clipped: true },
  // Handles before writes: document order is Tab order, and the events come first.
  { name: 'handles', clipped: true },
  { name: 'links', clipped: true },
  { name: 'writes', clipped: true },
  { name: 'write-tokens', clipped: true },
  { name: 'spotlight', clipped: true },
  { name: 'playhead', clipped: true },
] as const;

export type LayerName = (typeof LAYERS)[number]['name'];

export interface Layers {
  readonly root: Group;
  readonly clipRect: Selection<SVGRectElement, unknown, null, undefined>;
  /** Id prefix unique to this SVG, for clip paths and patterns. */
  readonly uid: string;
  get(name: LayerName): Group;
}

let svgCount = 0;

/** The layers of `svg`, created on first use. Mutates only the SVG. */
export function ensureLayers(svg: SVGSVGElement): Layers {
  const svgSelection = select(svg);
  let uid = svg.getAttribute('data-tl-uid');
  if (uid === null || svg.querySelector('g.tl-root') === null) {
    svgCount += 1;
    uid = `tl${svgCount}`;
    svg.setAttribute('data-tl-uid', uid);
    buildSkeleton(svgSelection, uid);
  }
  const root = svgSelection.select<SVGGElement>('g.tl-root');
  const clipRect = svgSelection.select<SVGRectElement>(`#${uid}-clip rect`);
  const cache = new Map<LayerName, Group>();
  return {
    root,
    clipRect,
    uid,
    get(name) {
      let group = cache.get(name);
      if (!group) {
        group = root.select<SVGGElement>(`g.tl-layer-${name}`);
        cache.set(name, group);
      }
      return group;
    },
  };
}

function buildSkeleton(svg: Selection<SVGSVGElement, unknown, null, undefined>, uid: string): void {
  svg.selectAll('g.tl-root, defs.tl-defs').remove();
  svg.classed('tl', true);
  const defs = svg.append('defs').attr('class', 'tl-defs');
  defs.append('clipPath').attr('id', `${uid}-clip`).append('rect');
  // Hatching for the process overlay: paused and down read apart without colour.
  for (const [state, angle] of [
    ['paused', 45],
    ['down', -45],
  ] as const) {
    const pattern = defs
      .append('pattern')
      .attr('id', `${uid}-hatch-${state}`)
      .attr('class', `tl-hatch tl-hatch--${state}`)
      .attr('patternUnits', 'userSpaceOnUse')
      .attr('width', 6)
      .attr('height', 6)
      .attr('patternTransform', `rotate(${angle})`);
    pattern.append('rect').attr('class', 'tl-hatch-bg').attr('width', 6).attr('height', 6);
    pattern.append('line').attr('class', 'tl-hatch-line').attr('x1', 0).attr('y1', 0).attr('x2', 0).attr('y2', 6);
  }
  // Arrow heads of the writes: accepted ends in a head, stale in a bar (refused), duplicate in a ring.
  const heads = [
    ['accepted', 'M0,0L8,4L0,8Z'],
    ['stale', 'M6,0V8'],
    ['duplicate', 'M4,1.5A2.5,2.5 0 1 1 3.99,1.5'],
  ] as const;
  for (const [result, d] of heads) {
    defs
      .append('marker')
      .attr('id', `${uid}-arrow-${result}`)
      .attr('class', `tl-arrow-head tl-arrow-head--${result}`)
      .attr('viewBox', '0 0 8 8')
      .attr('refX', result === 'accepted' ? 8 : 6)
      .attr('refY', 4)
      .attr('markerWidth', 6)
      .attr('markerHeight', 6)
      .attr('orient', 'auto')
      .append('path')
      .attr('d', d);
  }
  const root = svg.append('g').attr('class', 'tl-root');
  // Unclipped layers (lane backgrounds and labels, the axis) paint under the clipped marks.
  for (const layer of LAYERS) if (!layer.clipped) root.append('g').attr('class', `tl-layer-${layer.name}`);
  const clipped = root.append('g').attr('class', 'tl-clipped').attr('clip-path', `url(#${uid}-clip)`);
  for (const layer of LAYERS) {
    if (!layer.clipped) continue;
    const group = clipped.append('g').attr('class', `tl-layer-${layer.name}`);
    if (layer.name === 'ghost') group.attr('aria-hidden', 'true');
  }
}
