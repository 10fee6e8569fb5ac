/**
 * The bands and bars: activity, process overlay, belief bars, lock-row states (merged into a
 * path per lane and kind, see drawBands.ts), lease bars with their end handles, the fence line,
 * zombie shades and violation markers. Keyed joins that write only what changed, so a
 * re-simulation during a drag touches few nodes. Mutates only the SVG; text only via `.text()`.
 */
import { attrs, num, textIfChanged } from './drawAttrs';
import { drawBandGroups, groupBands } from './drawBands';
import type { Group } from './drawLayers';
import type {
  ActivityBand,
  BeliefBar,
  FenceLabel,
  FenceStep,
  LeaseBar,
  LockRowSpan,
  ProcessBand,
  ViolationMarker,
  ZombieShade,
} from './geometry';

const LEASE_END_HIT_PX = 10;

export function drawActivity(layer: Group, labels: Group, bands: readonly ActivityBand[]): void {
  drawBandGroups(
    layer,
    groupBands(bands, (band) => ({
      key: `${band.laneId}:${band.activity}`,
      className: `tl-activity tl-activity--${band.activity}`,
    })),
  );
  const labelled = labels
    .selectAll<SVGTextElement, ActivityBand>('text')
    .data(
      bands.filter((band) => band.label !== null),
      (band) => band.key,
    )
    .join((enter) => enter.append('text').attr('class', 'tl-activity-label').attr('dominant-baseline', 'middle'));
  attrs(labelled, { x: (band) => band.labelX ?? Math.max(band.x, 0) + 4, y: (band) => band.y + band.height / 2 });
  textIfChanged(labelled, (band) => band.label ?? '');
}

export function drawProcess(layer: Group, bands: readonly ProcessBand[], uid: string): void {
  drawBandGroups(
    layer,
    groupBands(bands, (band) => ({
      key: `${band.laneId}:${band.state}`,
      className: `tl-process tl-process--${band.state}`,
      fill: `url(#${uid}-hatch-${band.state})`,
    })),
  );
}

export function drawBeliefs(layer: Group, bars: readonly BeliefBar[]): void {
  const groups = groupBands(bars, (bar) => ({
    key: `${bar.laneId}:${bar.outlivedLease ? 'outlived' : 'held'}`,
    className: `tl-belief-bar${bar.outlivedLease ? ' tl-belief-bar--outlived' : ''}`,
  }));
  // The believed expiry, a tick across the bar where the replica's reckoning says its lease ends.
  let ticks = '';
  for (const bar of bars) {
    if (bar.expiryX !== null) ticks += `M${num(bar.expiryX)},${num(bar.y - 3)}V${num(bar.y + bar.height + 3)}`;
  }
  if (ticks !== '') groups.push({ key: 'expiry', className: 'tl-belief-expiry', d: ticks, fill: null });
  drawBandGroups(layer, groups);
}

export function drawLockRows(layer: Group, spans: readonly LockRowSpan[]): void {
  drawBandGroups(
    layer,
    groupBands(
      spans.filter((span) => span.width > 0),
      (span) => {
        const parity = span.index % 2 === 0 ? 'even' : 'odd';
        return { key: parity, className: `tl-lockrow tl-lockrow--${parity}` };
      },
    ),
  );
}

export function drawLeases(layer: Group, bars: readonly LeaseBar[]): void {
  const groups = layer
    .selectAll<SVGGElement, LeaseBar>('g.tl-lease')
    .data(bars, (bar) => bar.key)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-lease');
      g.append('rect').attr('class', 'tl-lease-bar');
      g.append('text').attr('class', 'tl-lease-label').attr('dominant-baseline', 'middle');
      g.append('rect').attr('class', 'tl-lease-end').attr('data-drag', 'leaseEnd').append('title');
      return g;
    });
  attrs(groups, {
    'data-grant-id': (bar) => bar.grantId,
    class: (bar) => `tl-lease tl-lease--${bar.endReason ?? 'expired'}`,
  });
  attrs(groups.select<SVGRectElement>('rect.tl-lease-bar'), {
    x: (bar) => bar.x,
    y: (bar) => bar.y,
    width: (bar) => bar.width,
    height: (bar) => bar.height,
  });
  const label = attrs(groups.select<SVGTextElement>('text'), {
    x: (bar) => bar.labelX ?? 0,
    y: (bar) => bar.y + bar.height / 2,
    display: (bar) => (bar.labelX === null ? 'none' : null),
  });
  textIfChanged(label, (bar) => bar.label);
  const end = attrs(groups.select<SVGRectElement>('rect.tl-lease-end'), {
    'data-grant-id': (bar) => bar.grantId,
    'data-lease-end': (bar) => bar.endMs,
    'aria-label': (bar) => bar.endAriaLabel,
    x: (bar) => bar.endX - LEASE_END_HIT_PX / 2,
    y: (bar) => bar.y - 3,
    width: () => LEASE_END_HIT_PX,
    height: (bar) => bar.height + 6,
  });
  textIfChanged(end.select<SVGTitleElement>('title'), (bar) => `${bar.endAriaLabel}: ${bar.endValueText}`);
}

export function drawFence(
  layer: Group,
  steps: readonly FenceStep[],
  labels: readonly FenceLabel[],
  labelFontPx: number,
): void {
  let d = '';
  for (const step of steps) {
    d += `${d === '' ? 'M' : 'L'}${num(step.x)},${num(step.y)}H${num(step.x + step.width)}`;
  }
  attrs(
    layer
      .selectAll<SVGPathElement, string>('path.tl-fence')
      .data(d === '' ? [] : [d])
      .join((enter) => enter.append('path').attr('class', 'tl-fence')),
    { d: (path) => path },
  );
  const texts = layer
    .selectAll<SVGTextElement, FenceLabel>('text')
    .data(labels, (label) => label.key)
    .join((enter) => enter.append('text').attr('class', 'tl-fence-label'));
  attrs(texts, { x: (label) => label.x, y: (label) => label.y, 'font-size': () => labelFontPx });
  textIfChanged(texts, (label) => label.text);
}

export function drawZombies(layer: Group, shades: readonly ZombieShade[]): void {
  const rects = layer
    .selectAll<SVGRectElement, ZombieShade>('rect')
    .data(shades, (shade) => shade.key)
    .join((enter) =>
      enter
        .append('rect')
        .attr('class', 'tl-zombie')
        .call((rect) => rect.append('title')),
    );
  attrs(rects, { x: (s) => s.x, y: (s) => s.y, width: (s) => s.width, height: (s) => s.height });
  textIfChanged(rects.select<SVGTitleElement>('title'), (shade) => shade.label);
}

export function drawViolations(layer: Group, markers: readonly ViolationMarker[], fontPx: number): void {
  const groups = layer
    .selectAll<SVGGElement, ViolationMarker>('g.tl-violation')
    .data(markers, (marker) => marker.key)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-violation');
      g.append('title');
      g.append('path').attr('d', 'M0,6L-6,-5H6Z');
      g.append('text').attr('class', 'tl-violation-count').attr('y', -1).attr('text-anchor', 'middle');
      g.append('text').attr('class', 'tl-violation-text').attr('dominant-baseline', 'central');
      return g;
    });
  attrs(groups, {
    'data-violation-index': (marker) => marker.index,
    'data-violation-count': (marker) => marker.count,
    transform: (marker) => `translate(${num(marker.x)},${num(marker.y)})`,
  });
  textIfChanged(groups.select<SVGTitleElement>('title'), (marker) => marker.label);
  // The count inside the triangle when several share the mark.
  textIfChanged(groups.select<SVGTextElement>('text.tl-violation-count'), (marker) =>
    marker.count > 1 ? String(marker.count) : '',
  );
  const words = attrs(groups.select<SVGTextElement>('text.tl-violation-text'), {
    x: (marker) => (marker.textBox === null ? 0 : marker.textBox.x - marker.x + 1),
    'font-size': () => fontPx,
    display: (marker) => (marker.text === null ? 'none' : null),
  });
  textIfChanged(words, (marker) => marker.text ?? '');
}
