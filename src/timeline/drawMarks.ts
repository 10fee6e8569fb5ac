/**
 * The bands and bars: activity, process overlay, belief bars, lease bars with their end
 * handles, lock-row states, the fence line, zombie shades and violation markers. Keyed joins,
 * so a re-simulation during a drag updates attributes on the same nodes. Mutates only the SVG;
 * text only through `.text()`.
 */
import type { Selection } from 'd3';
import type { Group } from './drawLayers';
import type {
  ActivityBand,
  Band,
  BeliefBar,
  FenceStep,
  LeaseBar,
  LockRowSpan,
  ProcessBand,
  ViolationMarker,
  ZombieShade,
} from './geometry';

/** Below this width a lease bar's label is left out rather than run past its end. */
const LEASE_LABEL_MIN_PX = 56;
const LEASE_END_HIT_PX = 10;

function placeRect<T extends Band>(selection: Selection<SVGRectElement, T, SVGGElement, unknown>) {
  return selection
    .attr('x', (band) => band.x)
    .attr('y', (band) => band.y)
    .attr('width', (band) => band.width)
    .attr('height', (band) => band.height);
}

export function drawActivity(layer: Group, labels: Group, bands: readonly ActivityBand[]): void {
  layer
    .selectAll<SVGRectElement, ActivityBand>('rect')
    .data(bands, (band) => band.key)
    .join('rect')
    .attr('class', (band) => `tl-activity tl-activity--${band.activity}`)
    .call(placeRect);
  labels
    .selectAll<SVGTextElement, ActivityBand>('text')
    .data(
      bands.filter((band) => band.label !== null),
      (band) => band.key,
    )
    .join('text')
    .attr('class', 'tl-activity-label')
    .attr('x', (band) => Math.max(band.x, 0) + 4)
    .attr('y', (band) => band.y + band.height / 2)
    .attr('dominant-baseline', 'middle')
    .text((band) => band.label ?? '');
}

export function drawProcess(layer: Group, bands: readonly ProcessBand[], uid: string): void {
  layer
    .selectAll<SVGRectElement, ProcessBand>('rect')
    .data(bands, (band) => band.key)
    .join((enter) => enter.append('rect').call((rect) => rect.append('title')))
    .attr('class', (band) => `tl-process tl-process--${band.state}`)
    .attr('fill', (band) => `url(#${uid}-hatch-${band.state})`)
    .call(placeRect)
    .select('title')
    .text((band) => band.label);
}

export function drawBeliefs(layer: Group, bars: readonly BeliefBar[]): void {
  const groups = layer
    .selectAll<SVGGElement, BeliefBar>('g.tl-belief')
    .data(bars, (bar) => bar.key)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-belief');
      g.append('title');
      g.append('rect').attr('class', 'tl-belief-bar');
      g.append('line').attr('class', 'tl-belief-expiry');
      return g;
    })
    .classed('tl-belief--outlived', (bar) => bar.outlivedLease);
  groups.select('title').text((bar) => bar.label);
  groups
    .select<SVGRectElement>('rect')
    .attr('x', (bar) => bar.x)
    .attr('y', (bar) => bar.y)
    .attr('width', (bar) => bar.width)
    .attr('height', (bar) => bar.height);
  // The believed expiry: where the replica's own reckoning says its lease ends.
  groups
    .select('line')
    .attr('display', (bar) => (bar.expiryX === null ? 'none' : null))
    .attr('x1', (bar) => bar.expiryX ?? 0)
    .attr('x2', (bar) => bar.expiryX ?? 0)
    .attr('y1', (bar) => bar.y - 3)
    .attr('y2', (bar) => bar.y + bar.height + 3);
}

export function drawLeases(layer: Group, bars: readonly LeaseBar[]): void {
  const groups = layer
    .selectAll<SVGGElement, LeaseBar>('g.tl-lease')
    .data(bars, (bar) => bar.key)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-lease');
      g.append('rect').attr('class', 'tl-lease-bar').append('title');
      g.append('text').attr('class', 'tl-lease-label').attr('dominant-baseline', 'middle');
      g.append('rect').attr('class', 'tl-lease-end').attr('data-drag', 'leaseEnd').append('title');
      return g;
    })
    .attr('data-grant-id', (bar) => bar.grantId)
    .attr('class', (bar) => `tl-lease tl-lease--${bar.endReason ?? 'expired'}`);
  const body = groups
    .select<SVGRectElement>('rect.tl-lease-bar')
    .attr('x', (bar) => bar.x)
    .attr('y', (bar) => bar.y)
    .attr('width', (bar) => bar.width)
    .attr('height', (bar) => bar.height);
  body.select('title').text((bar) => bar.label);
  groups
    .select('text')
    .attr('x', (bar) => Math.max(bar.x, 0) + 4)
    .attr('y', (bar) => bar.y + bar.height / 2)
    .attr('display', (bar) => (bar.width >= LEASE_LABEL_MIN_PX ? null : 'none'))
    .text((bar) => bar.label);
  const end = groups
    .select<SVGRectElement>('rect.tl-lease-end')
    .attr('data-grant-id', (bar) => bar.grantId)
    .attr('data-lease-end', (bar) => bar.endMs)
    .attr('aria-label', (bar) => bar.endAriaLabel)
    .attr('x', (bar) => bar.endX - LEASE_END_HIT_PX / 2)
    .attr('y', (bar) => bar.y - 3)
    .attr('width', LEASE_END_HIT_PX)
    .attr('height', (bar) => bar.height + 6);
  end.select('title').text((bar) => `${bar.endAriaLabel}: ${bar.endValueText}`);
}

export function drawLockRows(layer: Group, spans: readonly LockRowSpan[]): void {
  // Only the spans in view; the full list stays in the geometry for `lockRowAt()`.
  const visible = spans.filter((span) => span.width > 0);
  layer
    .selectAll<SVGRectElement, LockRowSpan>('rect')
    .data(visible, (span) => span.key)
    .join((enter) => enter.append('rect').call((rect) => rect.append('title')))
    .attr('class', (span) => `tl-lockrow tl-lockrow--${span.index % 2 === 0 ? 'even' : 'odd'}`)
    .call(placeRect)
    .select('title')
    .text((span) => span.label);
}

export function drawFence(layer: Group, steps: readonly FenceStep[]): void {
  let d = '';
  for (const step of steps) {
    d += `${d === '' ? 'M' : 'L'}${step.x},${step.y}H${step.x + step.width}`;
  }
  layer
    .selectAll('path.tl-fence')
    .data(d === '' ? [] : [d])
    .join('path')
    .attr('class', 'tl-fence')
    .attr('d', (path) => path);
  layer
    .selectAll<SVGTextElement, FenceStep>('text')
    .data(
      steps.filter((step) => step.width >= 48),
      (step) => step.key,
    )
    .join('text')
    .attr('class', 'tl-fence-label')
    .attr('x', (step) => Math.max(step.x, 0) + 3)
    .attr('y', (step) => step.y - 2)
    .text((step) => `last_token ${step.lastToken}`);
}

export function drawZombies(layer: Group, shades: readonly ZombieShade[]): void {
  layer
    .selectAll<SVGRectElement, ZombieShade>('rect')
    .data(shades, (shade) => shade.key)
    .join((enter) =>
      enter
        .append('rect')
        .attr('class', 'tl-zombie')
        .call((rect) => rect.append('title')),
    )
    .call(placeRect)
    .select('title')
    .text((shade) => shade.label);
}

export function drawViolations(layer: Group, markers: readonly ViolationMarker[]): void {
  const groups = layer
    .selectAll<SVGGElement, ViolationMarker>('g.tl-violation')
    .data(markers, (marker) => marker.key)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-violation');
      g.append('title');
      g.append('path').attr('d', 'M0,6L-6,-5H6Z');
      g.append('text').attr('y', -7).attr('text-anchor', 'middle');
      return g;
    })
    .attr('data-violation-index', (marker) => marker.index)
    .attr('transform', (marker) => `translate(${marker.x},${marker.y})`);
  groups.select('title').text((marker) => marker.label);
  groups.select('text').text((marker) => marker.invariant);
}
