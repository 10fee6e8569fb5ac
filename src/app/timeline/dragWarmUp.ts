/**
 * A drag's code, warmed while the page is idle, before the person's first drag. The first
 * moves of a first drag were its slowest (the flagship's first dozen: 4 to 17 ms against a
 * median of 2 ms, docs/performance.md): the engine's, the layout's and the drawing's functions
 * ran for the first time, not yet compiled by the browser for speed. So, once per page, after
 * the chart is first drawn, a few idle moments each run what a drag's move runs (the first
 * event moved by the drag's own edits, the night simulated, laid out and drawn over the ghost
 * of the night on screen) on a copy: the night is not cached, the stores are not touched, and
 * the drawing goes into an SVG element that is never in the page. A drag that begins ends it
 * (its own moves warm the code from there), and so does a night too big for a frame, whose
 * moves are simulated in the night worker instead.
 */
import { applyEdits } from '../../model/scenarioEdit';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { dragEdits, startDragGesture } from '../../timeline/dragEdits';
import { drawTimeline } from '../../timeline/drawTimeline';
import type { TimelineGeometry } from '../../timeline/geometry';
import type { Viewport } from '../../timeline/viewport';
import { fitsFrame } from '../state/frameFit';
import { computeNight, type Night } from '../state/night';
import { shareGeometry } from './shareGeometry';

type ShownNight = Extract<Night, { kind: 'ok' }>;

/** How many moves are rehearsed: about as many as the first drag took to reach its median. */
export const WARM_UP_MOVES = 12;

/** How long an idle moment may be waited for, at most, before a move is rehearsed anyway. */
const IDLE_TIMEOUT_MS = 2000;

/** Below this much of an idle moment left, the next step waits for another one (a step takes 1-10 ms). */
const STEP_ROOM_MS = 10;

export interface IdleDeadline {
  timeRemaining(): number;
}

export interface IdleView {
  requestIdleCallback?: (callback: (deadline: IdleDeadline) => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, delayMs: number) => number;
  clearTimeout: (handle: number) => void;
}

/**
 * Runs `step(0)`, `step(1)`, ... up to `count` steps in idle moments, as many in each as its
 * time left allows and at least one (one per short timer where the browser has no idle
 * callbacks), until a step returns false. Returns a cancel function.
 */
export function stepWhenIdle(view: IdleView, count: number, step: (index: number) => boolean): () => void {
  let index = 0;
  let cancel: (() => void) | null = null;
  const next = (deadline?: IdleDeadline) => {
    cancel = null;
    do {
      if (!step(index++)) return;
    } while (index < count && (deadline?.timeRemaining() ?? 0) > STEP_ROOM_MS);
    if (index < count) schedule();
  };
  const schedule = () => {
    const { requestIdleCallback, cancelIdleCallback } = view;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback.call(view, next, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => cancelIdleCallback?.call(view, handle);
    } else {
      const handle = view.setTimeout(next, 50);
      cancel = () => view.clearTimeout(handle);
    }
  };
  if (count > 0) schedule();
  return () => {
    cancel?.();
    cancel = null;
    index = count;
  };
}

/** What the warm-up reads of the chart on screen. */
export interface WarmUpChart {
  /** The night drawn now, or null before the first drawing. */
  shown(): {
    readonly document: ScenarioDocument;
    readonly night: ShownNight;
    readonly geometry: TimelineGeometry;
  } | null;
  /** True while a drag is on. */
  dragging(): boolean;
  /** Lays a night out as the chart does (the controller's layoutOf). */
  layout(document: ScenarioDocument, night: ShownNight, viewport: Viewport): TimelineGeometry;
}

/**
 * One rehearsed move, number `index`: the first event moved by index + 1 seconds, alternately
 * earlier and later, through the drag's edits, as with Shift held (no snapping). False when
 * there is nothing to rehearse (a drag began, no event, a night too big for a frame) or the
 * rehearsal failed: it runs on every page load without anyone asking, so a failure ends the
 * warm-up instead of reaching the page's error screen (a real drag of that night would still
 * show it).
 */
export function rehearseMove(
  chart: WarmUpChart,
  scratch: SVGSVGElement,
  index: number,
  previous: { geometry: TimelineGeometry | null },
): boolean {
  try {
    return rehearse(chart, scratch, index, previous);
  } catch {
    return false;
  }
}

function rehearse(
  chart: WarmUpChart,
  scratch: SVGSVGElement,
  index: number,
  previous: { geometry: TimelineGeometry | null },
): boolean {
  const startedMs = performance.now();
  const shown = chart.shown();
  if (shown === null || chart.dragging() || !fitsFrame(shown.night)) return false;
  const { document, night, geometry } = shown;
  const events = document.events ?? [];
  if (events.length === 0) return false;
  const gesture = startDragGesture(
    { kind: 'event', eventIndex: 0, part: 'body' },
    {
      events,
      lockAtMostForMs: null,
      windowFromMs: night.scenario.windowFromMs,
      windowToMs: night.scenario.windowToMs,
    },
    0,
  );
  const deltaMs = (index % 2 === 0 ? 1 : -1) * (index + 1) * 1000;
  const moved = applyEdits(document, dragEdits(gesture, deltaMs, { shiftKey: true, altKey: false }, 1000));
  const movedNight = computeNight(moved);
  if (movedNight.kind !== 'ok') return false;
  const laidOut = shareGeometry(previous.geometry, chart.layout(moved, movedNight, geometry.viewport));
  drawTimeline(scratch, laidOut, { ghost: geometry, selectedEventIndex: 0, playheadX: 0 });
  previous.geometry = laidOut;
  // For the benchmark: when the rehearsals ran, and what each cost.
  performance.measure('leaseline:drag-warm-up', { start: startedMs, end: performance.now() });
  return true;
}

/** Whether this page has warmed a drag up already: the browser's compiled code serves every chart. */
let warmed = false;

/**
 * Starts the warm-up once per page, after a chart was drawn; returns a cancel function (a
 * second chart, or a page that warmed up already, gets one that does nothing).
 */
export function warmUpDrag(view: IdleView, ownerDocument: Document, chart: WarmUpChart): () => void {
  if (warmed) return () => {};
  warmed = true;
  const scratch = ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const previous = { geometry: null as TimelineGeometry | null };
  return stepWhenIdle(view, WARM_UP_MOVES, (index) => rehearseMove(chart, scratch, index, previous));
}

/** For tests: lets the next chart warm up again. */
export function forgetWarmUp(): void {
  warmed = false;
}
