/**
 * `drawTimeline()`: joins a `TimelineGeometry` to an `<svg>` with keyed d3 joins (docs/style.md
 * rule 4: render from computed geometry). It reads nothing from the DOM to decide where things go and
 * mutates only the SVG it is given; calling it again with new geometry updates the same nodes,
 * which is what keeps a drag tick inside a frame. User text only ever goes in with `.text()`.
 */
import { num, setAttr } from './drawAttrs';
import { drawAxis, drawLanes, drawPlayhead } from './drawAxis';
import { drawGhost } from './drawGhost';
import { drawHandles } from './drawHandles';
import { applyWriteVisibility, drawCurtain, drawSpotlight } from './drawHighlight';
import { ensureLayers, type Group } from './drawLayers';
import {
  drawActivity,
  drawBeliefs,
  drawFence,
  drawLeases,
  drawLockRows,
  drawProcess,
  drawViolations,
  drawZombies,
} from './drawMarks';
import { drawMomentGuides, drawMoments, drawWriteArrows } from './drawMoments';
import { drawServiceSpans } from './drawServices';
import { drawWriteLinks, drawWrites, drawWriteTokens } from './drawWrites';
import type { TimelineGeometry } from './geometry';
import type { TimelineHighlight } from './highlight';
import { layerInputsChanged as changed } from './layerInputs';

export interface DrawTimelineOptions {
  /** The run before the current drag began, drawn faint underneath; null or absent: none. */
  readonly ghost?: TimelineGeometry | null;
  /** The document event shown as selected (class `tl-handle--selected`). */
  readonly selectedEventIndex?: number | null;
  /** Plot x of the playhead (`msToPx(viewport, ms)`), or null for none. */
  readonly playheadX?: number | null;
  /** Marks to ring, a curtain and masked writes (a guided tour); null or absent: none. */
  readonly highlight?: TimelineHighlight | null;
  /** The night is only looked at (an embed in view mode): the handles say they are read-only. */
  readonly readOnly?: boolean;
}

/** Draws (or updates) the chart in `svg`. Mutates only `svg`. */
export function drawTimeline(svg: SVGSVGElement, geometry: TimelineGeometry, options: DrawTimelineOptions = {}): void {
  const layers = ensureLayers(svg);
  // The layout is the viewBox; the box is that times the display scale (chartSize.ts).
  setAttr(svg, 'width', num(geometry.widthPx * geometry.displayScale));
  setAttr(svg, 'height', num(geometry.heightPx * geometry.displayScale));
  setAttr(svg, 'viewBox', `0 0 ${num(geometry.widthPx)} ${num(geometry.heightPx)}`);
  const root = layers.root.node();
  if (root) setAttr(root, 'transform', `translate(${num(geometry.plotLeftPx)},${num(geometry.plotTopPx)})`);
  const clip = layers.clipRect.node();
  if (clip) {
    setAttr(clip, 'width', geometry.viewport.widthPx);
    setAttr(clip, 'height', geometry.plotHeightPx);
  }

  // Lanes and axis, like the marks below, are left alone when what they are drawn from is the same.
  const { viewport } = geometry;
  if (
    changed(
      layers.get('lanes'),
      geometry.lanes,
      geometry.plotLeftPx,
      geometry.widthPx,
      viewport.widthPx,
      geometry.laneLabelSide,
    )
  )
    drawLanes(layers.get('lanes'), geometry);
  if (
    changed(
      layers.get('axis'),
      geometry.ticks,
      viewport.widthPx,
      geometry.axisY,
      geometry.lanesTopY,
      geometry.lanesBottomY,
    )
  )
    drawAxis(layers.get('axis'), geometry);
  drawGhost(layers.get('ghost'), options.ghost ?? null);
  if (changed(layers.get('zombies'), geometry.zombies)) drawZombies(layers.get('zombies'), geometry.zombies);
  const highlight = options.highlight ?? null;
  // Behind a curtain (predict, then reveal) the moments after it would give the answer away.
  const curtainMs = highlight?.curtainFromMs ?? null;
  const moments =
    curtainMs === null ? geometry.momentLabels : geometry.momentLabels.filter((label) => label.atMs < curtainMs);
  // The violation strip lies outside the curtain's panel, and its words ("applied twice") would
  // tell the answer the curtain hides: markers from the curtain's moment on are left out too.
  const violations =
    curtainMs === null ? geometry.violations : geometry.violations.filter((marker) => marker.atMs < curtainMs);
  if (changed(layers.get('moment-guides'), moments)) drawMomentGuides(layers.get('moment-guides'), moments);
  if (changed(layers.get('activity'), geometry.activityBands))
    drawActivity(layers.get('activity'), layers.get('activity-labels'), geometry.activityBands);
  if (changed(layers.get('process'), geometry.processBands))
    drawProcess(layers.get('process'), geometry.processBands, layers.uid);
  if (changed(layers.get('beliefs'), geometry.beliefBars)) drawBeliefs(layers.get('beliefs'), geometry.beliefBars);
  if (changed(layers.get('lockrows'), geometry.lockRows)) drawLockRows(layers.get('lockrows'), geometry.lockRows);
  if (changed(layers.get('services'), geometry.serviceSpans))
    drawServiceSpans(layers.get('services'), layers.get('service-labels'), geometry.serviceSpans, layers.uid);
  if (changed(layers.get('leases'), geometry.leaseBars)) drawLeases(layers.get('leases'), geometry.leaseBars);
  if (changed(layers.get('fence'), geometry.fenceSteps, geometry.fenceLabels))
    drawFence(layers.get('fence'), geometry.fenceSteps, geometry.fenceLabels, geometry.fenceLabelFontPx);
  if (changed(layers.get('arrows'), geometry.writeArrows))
    drawWriteArrows(layers.get('arrows'), geometry.writeArrows, layers.uid);
  // The highlight masks writes, tokens and links after they are drawn (applyWriteVisibility):
  // when it changes, they are drawn afresh first.
  if (changed(layers.get('links'), geometry.writeLinks, highlight))
    drawWriteLinks(layers.get('links'), geometry.writeLinks);
  if (changed(layers.get('writes'), geometry.writes, highlight)) drawWrites(layers.get('writes'), geometry.writes);
  if (changed(layers.get('write-tokens'), geometry.writes, geometry.writeLabelFontPx, highlight))
    drawWriteTokens(layers.get('write-tokens'), geometry.writes, geometry.writeLabelFontPx);
  if (changed(layers.get('violations'), violations, geometry.labelFontPx))
    drawViolations(layers.get('violations'), violations, geometry.labelFontPx);
  if (changed(layers.get('moments'), moments, geometry.labelFontPx))
    drawMoments(layers.get('moments'), moments, geometry.labelFontPx);
  const selectedEventIndex = options.selectedEventIndex ?? null;
  if (changed(layers.get('handles'), geometry.handles, selectedEventIndex))
    drawHandles(layers.get('handles'), geometry.handles, selectedEventIndex);
  setHandlesReadOnly(layers.get('handles'), options.readOnly ?? false);
  drawCurtain(layers.get('curtain'), geometry, highlight);
  applyWriteVisibility(
    { writes: layers.get('writes'), tokens: layers.get('write-tokens'), links: layers.get('links') },
    geometry,
    highlight,
  );
  drawSpotlight(layers.get('spotlight'), geometry, highlight);
  drawPlayhead(layers.get('playhead'), geometry, options.playheadX ?? null);
}

/**
 * Read-only handles keep their slider role (each event stays reachable, named and valued) and
 * say `aria-readonly`, so a screen reader does not offer to move what cannot move. A chart is
 * read-only for its whole life (an embed in view mode), so nothing is ever taken back.
 */
function setHandlesReadOnly(layer: Group, readOnly: boolean): void {
  if (!readOnly) return;
  for (const handle of layer.node()?.querySelectorAll('g.tl-handle:not([aria-readonly])') ?? [])
    handle.setAttribute('aria-readonly', 'true');
}
