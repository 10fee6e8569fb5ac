/**
 * Dragging on the timeline, as a framework-free factory (xyflow's XYDrag shape): d3-drag on the
 * SVG, starting only on a drag target (`data-drag` on an event handle's body or edge, a write
 * marker, a lease end). State comes in through the `get*()` callbacks; what the gesture means
 * comes out as scenario edits through `onEdits`, always the full list for the gesture so far,
 * relative to the document as it was when the gesture started:
 *
 * - `start`: an empty list, when the pointer goes down on a target (take the ghost then);
 * - `drag`: on each pointer move or Shift/Alt change that changes the list;
 * - `end`: on release, the list to commit as one undo step (empty: nothing changed);
 * - `cancel`: on Escape, edits that put back the start (the app may simply revert to the start
 *   document it kept); the rest of the pointer gesture is then ignored.
 *
 * Which target was hit is read from the element's data attributes and resolved against the
 * geometry (`getGeometry()`), never by measuring the DOM. The pure part is `dragEdits.ts`.
 */
import { type D3DragEvent, drag, pointer, select } from 'd3';
import type { ScenarioEdit } from '../model/scenarioEdit';
import type { EventDocument } from '../model/scenarioSchema';
import {
  cancelEdits,
  type DragGesture,
  type DragModifiers,
  type DragTarget,
  dragEdits,
  startDragGesture,
} from './dragEdits';
import type { EventPart } from './eventMoves';
import type { TimelineGeometry } from './geometry';
import { pxToMs, type Viewport } from './viewport';

export type DragPhase = 'start' | 'drag' | 'end' | 'cancel';

export interface TimelineDragCallbacks {
  getGeometry(): TimelineGeometry;
  getViewport(): Viewport;
  getEvents(): readonly EventDocument[];
  /** The snap step in ms (1 or less: no snapping). */
  getSnapMs(): number;
  getLockAtMostForMs(): number | null;
  onEdits(edits: ScenarioEdit[], phase: DragPhase): void;
  /** An event handle was pressed (its index), or the chart's background (null). */
  onSelect(eventIndex: number | null): void;
}

interface Session {
  readonly gesture: DragGesture;
  readonly viewport: Viewport;
  readonly plotLeftPx: number;
  pointerMs: number;
  modifiers: DragModifiers;
  lastSent: string;
  cancelled: boolean;
}

type SvgDragEvent = D3DragEvent<SVGSVGElement, unknown, unknown>;

export function createTimelineDrag(
  svg: SVGSVGElement,
  callbacks: TimelineDragCallbacks,
): { update(): void; destroy(): void } {
  let session: Session | null = null;
  const doc = svg.ownerDocument;

  const emit = (current: Session, phase: DragPhase, edits: ScenarioEdit[]) => {
    const sent = JSON.stringify(edits);
    if (phase === 'drag' && sent === current.lastSent) return;
    current.lastSent = sent;
    callbacks.onEdits(edits, phase);
  };
  const update = (current: Session) => {
    emit(current, 'drag', dragEdits(current.gesture, current.pointerMs, current.modifiers, callbacks.getSnapMs()));
  };
  const pointerMsOf = (current: Pick<Session, 'viewport' | 'plotLeftPx'>, event: SvgDragEvent) =>
    pxToMs(current.viewport, pointer(event.sourceEvent, svg)[0] - current.plotLeftPx);

  const onKey = (event: KeyboardEvent) => {
    const current = session;
    if (!current || current.cancelled) return;
    if (event.key === 'Escape' && event.type === 'keydown') {
      event.preventDefault();
      current.cancelled = true;
      emit(current, 'cancel', cancelEdits(current.gesture));
      return;
    }
    if (event.key === 'Shift' || event.key === 'Alt') {
      current.modifiers = { shiftKey: event.shiftKey, altKey: event.altKey };
      update(current);
    }
  };

  const behaviour = drag<SVGSVGElement, unknown>()
    .container(() => svg)
    .filter((event: MouseEvent) => !event.ctrlKey && !event.button && dragTargetElement(event.target) !== null)
    .on('start', (event: SvgDragEvent) => {
      const geometry = callbacks.getGeometry();
      const element = dragTargetElement(event.sourceEvent?.target ?? null);
      const target = element ? resolveTarget(element, geometry) : null;
      if (!target) return;
      const viewport = callbacks.getViewport();
      const where = { viewport, plotLeftPx: geometry.plotLeftPx };
      const pointerMs = pointerMsOf(where, event);
      const context = {
        events: callbacks.getEvents(),
        lockAtMostForMs: callbacks.getLockAtMostForMs(),
        windowFromMs: geometry.windowFromMs,
        windowToMs: geometry.windowToMs,
      };
      session = {
        gesture: startDragGesture(target, context, pointerMs),
        ...where,
        pointerMs,
        modifiers: modifiersOf(event.sourceEvent),
        lastSent: '',
        cancelled: false,
      };
      if (target.kind === 'event') callbacks.onSelect(target.eventIndex);
      doc.addEventListener('keydown', onKey, true);
      doc.addEventListener('keyup', onKey, true);
      emit(session, 'start', []);
    })
    .on('drag', (event: SvgDragEvent) => {
      const current = session;
      if (!current || current.cancelled) return;
      current.pointerMs = pointerMsOf(current, event);
      current.modifiers = modifiersOf(event.sourceEvent);
      update(current);
    })
    .on('end', (event: SvgDragEvent) => {
      const current = session;
      session = null;
      doc.removeEventListener('keydown', onKey, true);
      doc.removeEventListener('keyup', onKey, true);
      if (!current || current.cancelled) return;
      current.pointerMs = pointerMsOf(current, event);
      const edits = dragEdits(
        current.gesture,
        current.pointerMs,
        modifiersOf(event.sourceEvent),
        callbacks.getSnapMs(),
        true,
      );
      emit(current, 'end', edits);
    });

  // A press on the background (not a target) clears the selection.
  const onPointerDown = (event: PointerEvent) => {
    if (event.button === 0 && dragTargetElement(event.target) === null && !insideHandle(event.target))
      callbacks.onSelect(null);
  };

  select(svg).call(behaviour);
  svg.addEventListener('pointerdown', onPointerDown);

  return {
    update() {
      // Listeners live on the SVG itself, so redraws need nothing; rebinding is idempotent.
      select(svg).call(behaviour);
    },
    destroy() {
      const current = session;
      if (current && !current.cancelled) emit(current, 'cancel', cancelEdits(current.gesture));
      session = null;
      select(svg).on('.drag', null);
      svg.removeEventListener('pointerdown', onPointerDown);
      doc.removeEventListener('keydown', onKey, true);
      doc.removeEventListener('keyup', onKey, true);
    },
  };
}

function modifiersOf(event: unknown): DragModifiers {
  const e = event as { shiftKey?: boolean; altKey?: boolean } | null | undefined;
  return { shiftKey: e?.shiftKey === true, altKey: e?.altKey === true };
}

function dragTargetElement(target: EventTarget | null): Element | null {
  const element = target as Element | null;
  return typeof element?.closest === 'function' ? element.closest('[data-drag]') : null;
}

function insideHandle(target: EventTarget | null): boolean {
  const element = target as Element | null;
  return typeof element?.closest === 'function' && element.closest('[data-event-index]') !== null;
}

/** What a drag element stands for, looked up in the geometry by its data attributes. */
export function resolveTarget(element: Element, geometry: TimelineGeometry): DragTarget | null {
  const part = element.getAttribute('data-drag');
  if (part === 'body' || part === 'start' || part === 'end') {
    const index = Number(element.closest('[data-event-index]')?.getAttribute('data-event-index'));
    const handle = geometry.handles.find((h) => h.eventIndex === index);
    return handle ? { kind: 'event', eventIndex: index, part: part as EventPart } : null;
  }
  if (part === 'write') {
    const writeId = Number(element.getAttribute('data-write-id'));
    const write = geometry.writes.find((w) => w.writeId === writeId);
    return write ? { kind: 'write', replica: write.replica, order: write.order } : null;
  }
  if (part === 'leaseEnd') {
    const grantId = Number(element.getAttribute('data-grant-id'));
    const bar = geometry.leaseBars.find((b) => b.grantId === grantId);
    return bar ? { kind: 'leaseEnd', grantId, grantMs: bar.grantMs, endMs: bar.endMs } : null;
  }
  return null;
}
