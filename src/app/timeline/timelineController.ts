/**
 * Mounts the D3 timeline on an <svg> and keeps it in step with the stores, outside React's
 * render cycle: a drag tick of a night that fits a frame (state/frameFit.ts) re-simulates and
 * redraws synchronously inside the pointer event, so the picture follows the pointer within
 * one frame; a bigger night is sent to the night worker (state/nightScheduler.ts) and the
 * chart keeps the ghost and the last answer, marked `aria-busy`, until a newer one arrives.
 * Each tick is measured (`leaseline:drag-handler`, `-frame`; the worker's answers as
 * `leaseline:night-answer`, nightWorkerPort.ts) for the benchmark. React only mounts it (TimelineView).
 *
 * Edit loop (ARCHITECTURE.md): gesture -> ScenarioEdit[] -> applyEdits -> preview document
 * (UI store) while dragging -> one commit to the document store on release.
 */

import { parseDurationMs } from '../../model/duration';
import type { EventDocument, ScenarioDocument } from '../../model/scenarioSchema';
import { type ActionSpan, actionSpan } from '../../timeline/actionSpan';
import { chartHeightAt, chartSize, PLAYGROUND_SIZING, type SizingProfile } from '../../timeline/chartSize';
import type { Describe } from '../../timeline/describeDefaults';
import { createTimelineDrag } from '../../timeline/dragBehavior';
import { drawTimeline } from '../../timeline/drawTimeline';
import type { LaneLabelSide, TimelineGeometry } from '../../timeline/geometry';
import { DEFAULT_LABEL_FONT_PX, LANE_LABEL_WIDTH_PX, verticalPlan } from '../../timeline/layoutLanes';
import { layoutTimeline } from '../../timeline/layoutTimeline';
import { msToPx, type Viewport, windowViewport } from '../../timeline/viewport';
import { viewportForKey } from '../../timeline/viewportKeys';
import { createTimelineZoom } from '../../timeline/zoomBehavior';
import { type Night, nightOf } from '../state/night';
import type { Stores } from '../state/stores';
import { shownDragDocument } from '../state/uiStore';
import { listenToChartInput, type ShownChart } from './chartInput';
import { chartRoomPx } from './chartRoom';
import { createDragPreview } from './dragPreview';
import { warmUpDrag } from './dragWarmUp';
import { createGestureWords } from './gestureWords';
import { shareGeometry } from './shareGeometry';

interface Drawn extends ShownChart {
  readonly document: ScenarioDocument;
}

export interface TimelineControllerOptions {
  /** How the chart grows with its room (chartSize.ts); the playground's by default. */
  readonly sizing?: SizingProfile;
  /**
   * An element whose height is the room the chart may fill, sized by CSS alone (never by the
   * chart, so drawing cannot feed back into it); without one the chart keeps its natural height.
   */
  readonly ruler?: HTMLElement | null;
  /**
   * When set, the room is also at most what the window shows below the chart's top, less what
   * follows the chart in its section (the playback row, the palette: measured, so a language
   * whose words wrap keeps them on the screen too) and less this much margin; the ruler's CSS
   * height alone when absent (presentation mode, whose ruler is the room).
   */
  readonly reserveBelowPx?: number;
  /** The side of the plot the lane labels stand on (right in a right-to-left language). */
  readonly laneLabelSide?: LaneLabelSide;
  /** How the axis writes digits (i18n/digits.ts). */
  readonly tickText?: (label: string) => string;
  /** The events with their labels as shown (a preset's own labels in the interface's language). */
  readonly shownEvents?: (events: readonly EventDocument[]) => readonly EventDocument[];
  /**
   * False: the chart is looked at, never edited (an embedded night in view mode): no drag,
   * no keyboard move, no drop. Zoom, pan, the playhead and selection stay. True by default.
   */
  readonly editable?: boolean;
}

export function createTimelineController(
  svg: SVGSVGElement,
  stores: Stores,
  describe: Describe,
  options: TimelineControllerOptions = {},
) {
  const { documents, ui } = stores;
  const sizing = options.sizing ?? PLAYGROUND_SIZING;
  const ruler = options.ruler ?? null;
  let widthPx = Math.max(320, svg.parentElement?.clientWidth ?? 960);
  // The chart's font size as the page styles it (larger when projecting): labels are placed for
  // it. Read again on every redraw but a drag tick's (styles can arrive after the first draw).
  const readFontPx = () => Number.parseFloat(getComputedStyle(svg).fontSize) || undefined;
  let labelFontPx: number | undefined;
  const view = svg.ownerDocument.defaultView ?? window;
  /** The room for the chart: the ruler's height, bounded by the screen below the chart's top. */
  const measureRoom = () => chartRoomPx(svg.parentElement, ruler, options.reserveBelowPx, view);
  let roomHeightPx = measureRoom();
  let drawn: Drawn | null = null;
  let opening: { document: ScenarioDocument; span: ActionSpan | null } | null = null;

  /**
   * The view a night opens with: a short job's action (actionSpan.ts), else the whole window.
   * Read from the committed document (the drag origin while dragging), so a drag does not
   * move the view under the pointer.
   */
  const openingSpan = (): ActionSpan | null => {
    const document = ui.getState().dragOrigin ?? documents.getState().document;
    if (opening?.document !== document) {
      const night = nightOf(document);
      opening = { document, span: night.kind === 'ok' ? actionSpan(night.trace, night.scenario.job.kind) : null };
    }
    return opening.span;
  };
  let ghostCache: { origin: ScenarioDocument; viewport: Viewport; geometry: TimelineGeometry } | null = null;

  /** The document whose night is drawn: during a drag the one shown (uiStore.dragShown). */
  const shownDocument = () => shownDragDocument(ui.getState()) ?? documents.getState().document;

  /** Scale and lane height for the room (chartSize.ts); no ruler: today's size at scale 1. */
  const sizeFor = (night: Extract<Night, { kind: 'ok' }>) =>
    ruler === null
      ? { scale: 1, laneHeightPx: undefined, layoutWidthPx: widthPx }
      : chartSize(sizing, widthPx, roomHeightPx, chartHeightAt(night.trace, lanesTopFor(night)));

  /** Where the lanes start: under the axis, the violation strip and the key moments' words. */
  const lanesTopFor = (night: Extract<Night, { kind: 'ok' }>) =>
    verticalPlan(labelFontPx ?? DEFAULT_LABEL_FONT_PX, night.keyMoments.length > 0 ? sizing.momentRows : 0).lanesTopY;

  const viewportFor = (night: Extract<Night, { kind: 'ok' }>, layoutWidthPx: number): Viewport => {
    const span = ui.getState().viewport ?? openingSpan();
    const plotWidthPx = Math.max(120, layoutWidthPx - LANE_LABEL_WIDTH_PX - 16);
    return span
      ? { fromMs: span.fromMs, toMs: span.toMs, widthPx: plotWidthPx }
      : windowViewport(night.scenario.windowFromMs, night.scenario.windowToMs, plotWidthPx);
  };

  // The words of a drag's layouts are looked up once per gesture (gestureWords.ts).
  const words = createGestureWords(describe);
  let size = { scale: 1, laneHeightPx: undefined as number | undefined };
  const layoutOf = (document: ScenarioDocument, night: Extract<Night, { kind: 'ok' }>, viewport: Viewport) =>
    layoutTimeline({
      trace: night.trace,
      scenario: night.scenario,
      events: options.shownEvents?.(document.events ?? []) ?? document.events ?? [],
      viewport,
      describe: words.describe,
      keyMoments: night.keyMoments,
      labelFontPx,
      laneHeightPx: size.laneHeightPx,
      displayScale: size.scale,
      // The words keep clear of a lesson's curtain, which is drawn over them.
      highlight: ui.getState().highlight,
      laneLabelSide: options.laneLabelSide,
      tickText: options.tickText,
      momentRows: sizing.momentRows,
    });

  const ghostFor = (viewport: Viewport): TimelineGeometry | null => {
    const origin = ui.getState().dragOrigin;
    if (origin === null) return null;
    if (
      ghostCache?.origin === origin &&
      ghostCache.viewport.fromMs === viewport.fromMs &&
      ghostCache.viewport.toMs === viewport.toMs &&
      ghostCache.viewport.widthPx === viewport.widthPx &&
      ghostCache.geometry.laneHeightPx === (size.laneHeightPx ?? ghostCache.geometry.laneHeightPx)
    )
      return ghostCache.geometry;
    const night = nightOf(origin);
    if (night.kind !== 'ok') return null;
    ghostCache = { origin, viewport, geometry: layoutOf(origin, night, viewport) };
    return ghostCache.geometry;
  };

  /** Lays out and draws the shown document; an invalid preview keeps the last picture. */
  const render = () => {
    const document = shownDocument();
    const startedMs = performance.now();
    const night = nightOf(document);
    if (night.kind !== 'ok') return;
    if (ui.getState().dragOrigin === null || labelFontPx === undefined) labelFontPx = readFontPx();
    const simulatedMs = performance.now();
    const fitted = sizeFor(night);
    size = fitted;
    const viewport = viewportFor(night, fitted.layoutWidthPx);
    // Unchanged layers keep their objects, and drawTimeline leaves them alone.
    const geometry = shareGeometry(drawn?.geometry ?? null, layoutOf(document, night, viewport));
    const ghost = ghostFor(viewport);
    const laidOutMs = performance.now();
    const state = ui.getState();
    drawTimeline(svg, geometry, {
      ghost,
      selectedEventIndex: state.selectedEventIndex,
      // Shown from the start of the window, so there is always a playhead to grab.
      playheadX: msToPx(geometry.viewport, state.playheadMs ?? night.scenario.windowFromMs),
      highlight: state.highlight,
      readOnly: !(options.editable ?? true),
    });
    drawn = { geometry, night, document };
    // The parts of a redraw, for the benchmark (user timing costs next to nothing).
    if (state.dragOrigin !== null) {
      performance.measure('leaseline:simulate', { start: startedMs, end: simulatedMs });
      performance.measure('leaseline:layout', { start: simulatedMs, end: laidOutMs });
      performance.measure('leaseline:draw', { start: laidOutMs, end: performance.now() });
    }
  };

  // Drag ticks become previews: shown at once, or simulated in the night worker (dragPreview.ts).
  const preview = createDragPreview(svg, stores, words);

  const editable = options.editable ?? true;
  const drag = !editable
    ? { update() {}, destroy() {} }
    : createTimelineDrag(svg, {
        getGeometry: () => drawn?.geometry as TimelineGeometry,
        getViewport: () => (drawn ? drawn.geometry.viewport : { fromMs: 0, toMs: 1, widthPx: 1 }),
        getEvents: () => documents.getState().document.events ?? [],
        getSnapMs: () => ui.getState().snapMs,
        getLockAtMostForMs: () => {
          const lock = documents.getState().document.lock as { kind?: string; lockAtMostFor?: string } | undefined;
          if (lock?.kind !== undefined && lock.kind !== 'shedlock') return null;
          const parsed = parseDurationMs(lock?.lockAtMostFor ?? '30m');
          return parsed.ok ? parsed.value : null;
        },
        onEdits: preview.onEdits,
        onSelect: (eventIndex) => ui.getState().set({ selectedEventIndex: eventIndex }),
      });

  const zoom = createTimelineZoom(svg, {
    getViewport: () => (drawn ? drawn.geometry.viewport : { fromMs: 0, toMs: 1, widthPx: 1 }),
    onViewport: (viewport) => ui.getState().set({ viewport: { fromMs: viewport.fromMs, toMs: viewport.toMs } }),
    getPlotLeftPx: () => drawn?.geometry.plotLeftPx ?? 96,
  });

  /**
   * Zoom and pan keys (`+`, `-`, `0`, Shift+arrows), from the page's shortcuts: the one path,
   * so a key pressed on the chart does not act twice. True when the key moved the view.
   */
  const viewportKey = (key: { key: string; shiftKey: boolean }): boolean => {
    if (!drawn) return false;
    const { geometry, night } = drawn;
    const span = openingSpan();
    const home = span
      ? { fromMs: span.fromMs, toMs: span.toMs, widthPx: geometry.viewport.widthPx }
      : windowViewport(night.scenario.windowFromMs, night.scenario.windowToMs, geometry.viewport.widthPx);
    const next = viewportForKey(geometry.viewport, key, home, ui.getState().playheadMs ?? undefined);
    if (next === null) return false;
    ui.getState().set({ viewport: { fromMs: next.fromMs, toMs: next.toMs } });
    return true;
  };

  const input = listenToChartInput(svg, stores, { shown: () => drawn, editable });

  const unsubscribeDocuments = documents.subscribe(render);
  const unsubscribeUi = ui.subscribe((state, previous) => {
    // A drag's preview is drawn when its night is shown (dragShown), not when it is made.
    if (
      state.dragShown !== previous.dragShown ||
      state.viewport !== previous.viewport ||
      state.playheadMs !== previous.playheadMs ||
      state.selectedEventIndex !== previous.selectedEventIndex ||
      state.dragOrigin !== previous.dragOrigin ||
      state.highlight !== previous.highlight
    )
      render();
  });
  const resizeObserver = new ResizeObserver((entries) => {
    let changed = false;
    for (const entry of entries) {
      if (entry.target !== svg.parentElement) continue;
      const width = entry.contentRect.width;
      if (width && Math.abs(width - widthPx) >= 1) {
        widthPx = width;
        changed = true;
      }
    }
    // The ruler follows the window; the page above the chart (a story folded, an exercise
    // opened) moves its top. The chart's own size moves neither, so this cannot feed back.
    const room = measureRoom();
    if (Math.abs(room - roomHeightPx) >= 1) {
      roomHeightPx = room;
      changed = true;
    }
    if (changed) render();
  });
  if (svg.parentElement) resizeObserver.observe(svg.parentElement);
  if (ruler) resizeObserver.observe(ruler);
  resizeObserver.observe(svg.ownerDocument.body);
  render();
  drag.update();
  // Idle moments before the first drag rehearse a move off the page (dragWarmUp.ts).
  const stopWarmUp = !editable
    ? () => {}
    : warmUpDrag(view, svg.ownerDocument, {
        shown: () => drawn,
        dragging: () => ui.getState().dragOrigin !== null,
        layout: layoutOf,
      });

  return {
    addEvent: input.addEvent,
    viewportKey,
    geometry: () => drawn?.geometry ?? null,
    destroy() {
      stopWarmUp();
      preview.close();
      drag.destroy();
      zoom.destroy();
      resizeObserver.disconnect();
      unsubscribeDocuments();
      unsubscribeUi();
      input.detach();
    },
  };
}

export type TimelineController = ReturnType<typeof createTimelineController>;
