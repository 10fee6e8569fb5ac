/**
 * Draws a `TimelineHighlight` (highlight.ts) over a drawn chart: rings around the chosen
 * marks, a curtain over the night after a moment, and write markers whose result is masked or
 * hidden behind the curtain. Runs after the writes are drawn and adjusts only their class,
 * name and display, so without a highlight the chart is exactly what drawTimeline() drew.
 * Mutates only the SVG.
 */
import { symbol, symbolSquare } from 'd3';
import { attrs, num, setAttr } from './drawAttrs';
import type { Group } from './drawLayers';
import type { TimelineGeometry, WriteLink, WriteMarker } from './geometry';
import { curtainLeftPx, type SpotlightBox, spotlightBoxes, type TimelineHighlight, writeVisibility } from './highlight';

/** A neutral square: a masked write shows that it was sent, not how storage answered. */
const MASKED_PATH = symbol(symbolSquare, 9 * 9)() ?? '';
const CURTAIN_MARGIN_PX = 12;

export function drawSpotlight(layer: Group, geometry: TimelineGeometry, highlight: TimelineHighlight | null): void {
  attrs(
    layer
      .selectAll<SVGRectElement, SpotlightBox>('rect.tl-spotlight')
      .data(spotlightBoxes(geometry, highlight), (box) => box.key)
      .join((enter) => enter.append('rect').attr('class', 'tl-spotlight').attr('rx', 6).attr('aria-hidden', 'true')),
    {
      x: (box) => box.x,
      y: (box) => box.y,
      width: (box) => box.width,
      height: (box) => box.height,
      'data-spotlight': (box) => box.key,
    },
  );
}

/** The curtain: an opaque panel from `curtainFromMs` to the plot's right edge, with its label. */
export function drawCurtain(layer: Group, geometry: TimelineGeometry, highlight: TimelineHighlight | null): void {
  const x = curtainLeftPx(geometry.viewport, highlight?.curtainFromMs);
  const shown = x !== null && x < geometry.viewport.widthPx ? [x] : [];
  const groups = layer
    .selectAll<SVGGElement, number>('g.tl-curtain')
    .data(shown)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-curtain').attr('role', 'img');
      g.append('rect').attr('class', 'tl-curtain-panel');
      g.append('text').attr('class', 'tl-curtain-label').attr('dominant-baseline', 'middle');
      return g;
    });
  // From just under the axis labels (the violation strip's labels included) to the last lane.
  const topY = Math.min(geometry.axisY + 1, geometry.lanesTopY);
  const label = highlight?.curtainLabel ?? '';
  groups.each(function place(fromX) {
    setAttr(this, 'aria-label', label);
    const rect = this.querySelector('rect');
    if (rect) {
      setAttr(rect, 'x', fromX);
      setAttr(rect, 'y', topY);
      setAttr(rect, 'width', geometry.viewport.widthPx + CURTAIN_MARGIN_PX - fromX);
      setAttr(rect, 'height', geometry.lanesBottomY - topY);
    }
    const text = this.querySelector('text');
    if (text) {
      setAttr(text, 'x', num(fromX + CURTAIN_MARGIN_PX));
      // In the strip above the lanes, where no lane's spotlight is drawn (the middle of the
      // lanes ran through the dashed box round a lane the step points at); the lanes' middle
      // when the night has no strip.
      const stripPx = geometry.lanesTopY - topY;
      const y = stripPx >= 2 * geometry.labelFontPx ? topY + stripPx / 2 : (topY + geometry.lanesBottomY) / 2;
      setAttr(text, 'y', num(y));
      if (text.textContent !== label) text.textContent = label;
    }
  });
}

/**
 * Masks or hides the write markers, their token labels and the links between doubly-applied
 * writes as the highlight says. With no highlight, restores nothing it did not change: the
 * writes' own drawer has just set their class, name and shape.
 */
export function applyWriteVisibility(
  layers: { readonly writes: Group; readonly tokens: Group; readonly links: Group },
  geometry: TimelineGeometry,
  highlight: TimelineHighlight | null,
): void {
  const visibility = new Map<number, ReturnType<typeof writeVisibility>>();
  for (const write of geometry.writes) visibility.set(write.writeId, writeVisibility(write, highlight));
  const curtainUp = (highlight?.curtainFromMs ?? null) !== null;
  layers.writes.selectAll<SVGGElement, WriteMarker>('g.tl-write').each(function mask(write) {
    const seen = visibility.get(write.writeId) ?? 'shown';
    setAttr(this, 'display', seen === 'hidden' ? 'none' : null);
    if (seen === 'shown' && curtainUp && write.doubleApplied) {
      // Drawn before the curtain, but doubled by a write behind it: shown as a plain write.
      setAttr(this, 'class', `tl-write tl-write--${write.result}`);
      setAttr(this, 'aria-label', highlight?.plainLabels?.get(write.writeId) ?? write.ariaLabel);
      const ring = this.querySelector('circle.tl-write-ring');
      if (ring) setAttr(ring, 'display', 'none');
      return;
    }
    if (seen !== 'masked') return;
    setAttr(this, 'class', 'tl-write tl-write--masked');
    setAttr(this, 'aria-label', highlight?.maskedLabels?.get(write.writeId) ?? write.ariaLabel);
    const path = this.querySelector('path.tl-write-shape');
    if (path) setAttr(path, 'd', MASKED_PATH);
    const ring = this.querySelector('circle.tl-write-ring');
    if (ring) setAttr(ring, 'display', 'none');
  });
  layers.tokens.selectAll<SVGTextElement, WriteMarker>('text.tl-write-token').each(function hide(write) {
    setAttr(this, 'display', visibility.get(write.writeId) === 'hidden' ? 'none' : null);
  });
  // A link joins two accepted writes of one order: under a curtain it gives the answer away.
  if (curtainUp) {
    layers.links.selectAll<SVGPathElement, WriteLink>('path').each(function hide() {
      setAttr(this, 'display', 'none');
    });
    return;
  }
  const covered = geometry.writes.filter((write) => visibility.get(write.writeId) !== 'shown');
  const touches = (link: WriteLink) =>
    covered.some(
      (write) => (write.x === link.x0 && write.y === link.y0) || (write.x === link.x1 && write.y === link.y1),
    );
  layers.links.selectAll<SVGPathElement, WriteLink>('path').each(function hide(link) {
    setAttr(this, 'display', touches(link) ? 'none' : null);
  });
}
