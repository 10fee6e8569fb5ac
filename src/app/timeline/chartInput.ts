/**
 * What a person does to the chart with the keyboard and the pointer, besides dragging,
 * zooming and panning (dragBehavior.ts, zoomBehavior.ts): a write marker opened with Enter,
 * Space or a click; an event moved with the keyboard (keyboardEdits.ts); the playhead dragged
 * by its grip; the focused handle selected; a lane's statechart chosen by a click; an event
 * from the palette dropped on a lane. Listens on the SVG until `detach`.
 */
import type { EventDocument } from '../../model/scenarioSchema';
import type { TimelineGeometry } from '../../timeline/geometry';
import { keyboardEdits } from '../../timeline/keyboardEdits';
import { leaseLengthMs } from '../../timeline/leases';
import { pxToMs } from '../../timeline/viewport';
import type { Night } from '../state/night';
import type { Stores } from '../state/stores';
import { dropTarget } from './dropTarget';
import { newEvent } from './newEvent';

/** The type of a palette item's drag payload (panels/Palette.tsx); the lane under the drop reads the event type from it. */
export const EVENT_DRAG_MIME = 'application/x-leaseline-event';

/** The chart as last drawn: its geometry and the night it shows. */
export interface ShownChart {
  readonly geometry: TimelineGeometry;
  readonly night: Extract<Night, { kind: 'ok' }>;
}

export interface ChartInput {
  /** Adds an event of `type` on a lane at a time and selects it; false when it has no place there. */
  readonly addEvent: (type: string, laneId: string, atMs: number) => boolean;
  readonly detach: () => void;
}

export function listenToChartInput(
  svg: SVGSVGElement,
  { documents, ui }: Stores,
  { shown, editable }: { readonly shown: () => ShownChart | null; readonly editable: boolean },
): ChartInput {
  const onKeyDown = (event: KeyboardEvent) => {
    const drawn = shown();
    if (!drawn || event.ctrlKey || event.metaKey) return;
    const write = (event.target as Element | null)?.closest?.('[data-write-id]');
    if (write && (event.key === 'Enter' || event.key === ' ')) {
      // A write marker is a button: Enter or Space shows its SQL, as a click does.
      event.preventDefault();
      event.stopPropagation();
      ui.getState().set({ selectedWriteId: Number(write.getAttribute('data-write-id')) });
      return;
    }
    const handle = (event.target as Element | null)?.closest?.('[data-event-index]');
    if (handle && editable) {
      const index = Number(handle.getAttribute('data-event-index'));
      const eventDocument = (documents.getState().document.events ?? [])[index] as EventDocument | undefined;
      if (!eventDocument) return;
      const edits = keyboardEdits(eventDocument, index, event, ui.getState().snapMs);
      if (edits === null) return;
      event.preventDefault();
      documents.getState().commit(edits);
      return;
    }
  };

  /** Dragging the playhead's grip moves the playhead (and stops playback). */
  const onPlayheadMouseDown = (event: MouseEvent) => {
    const grip = (event.target as Element | null)?.closest?.('[data-drag="playhead"]');
    if (!grip || !shown() || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const view = svg.ownerDocument.defaultView ?? window;
    const move = (moveEvent: MouseEvent) => {
      const drawn = shown();
      if (!drawn) return;
      const { geometry, night } = drawn;
      const box = svg.getBoundingClientRect();
      // Client pixels to layout pixels: the chart is drawn at its display scale.
      const plotX = ((moveEvent.clientX - box.left) * geometry.widthPx) / (box.width || 1) - geometry.plotLeftPx;
      const atMs = Math.round(pxToMs(geometry.viewport, plotX));
      const { windowFromMs, windowToMs } = night.scenario;
      ui.getState().set({ playheadMs: Math.min(windowToMs, Math.max(windowFromMs, atMs)), playing: false });
    };
    const up = () => {
      view.removeEventListener('mousemove', move);
      view.removeEventListener('mouseup', up);
    };
    view.addEventListener('mousemove', move);
    view.addEventListener('mouseup', up);
  };

  const onFocusIn = (event: FocusEvent) => {
    const handle = (event.target as Element | null)?.closest?.('[data-event-index]');
    if (handle) ui.getState().set({ selectedEventIndex: Number(handle.getAttribute('data-event-index')) });
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const write = target?.closest?.('[data-write-id]');
    if (write) ui.getState().set({ selectedWriteId: Number(write.getAttribute('data-write-id')) });
    const lane = target?.closest?.('[data-lane-id]');
    const laneId = lane?.getAttribute('data-lane-id');
    if (laneId && shown()?.night.trace.replicaIds.includes(laneId)) ui.getState().set({ statechartReplica: laneId });
  };

  const onDragOver = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes(EVENT_DRAG_MIME)) event.preventDefault();
  };

  const onDrop = (event: DragEvent) => {
    const drawn = shown();
    const type = event.dataTransfer?.getData(EVENT_DRAG_MIME);
    if (!type || !drawn || !editable) return;
    event.preventDefault();
    const place = dropTarget(svg, drawn.geometry, event.clientX, event.clientY);
    if (place) addEvent(type, place.laneId, place.atMs);
  };

  /** Adds an event of `type` on a lane at a time, selects it; false when it has no place there. */
  const addEvent = (type: string, laneId: string, atMs: number): boolean => {
    const drawn = shown();
    if (!drawn) return false;
    const snapMs = ui.getState().snapMs;
    const snapped = Math.round(atMs / snapMs) * snapMs;
    const trace = drawn.night.trace;
    const created = newEvent(type, {
      laneId,
      atMs: snapped,
      replicaIds: trace.replicaIds,
      writes: trace.writes,
      leaseMs: leaseLengthMs(drawn.night.scenario.lock),
    });
    if (!created) return false;
    const index = (documents.getState().document.events ?? []).length;
    documents.getState().commit([{ kind: 'addEvent', event: created }]);
    ui.getState().set({ selectedEventIndex: index });
    return true;
  };

  // Capture phase: the grip sits on the axis, whose own drag pans the view.
  svg.addEventListener('mousedown', onPlayheadMouseDown, { capture: true });
  svg.addEventListener('keydown', onKeyDown);
  svg.addEventListener('focusin', onFocusIn);
  svg.addEventListener('click', onClick);
  svg.addEventListener('dragover', onDragOver);
  svg.addEventListener('drop', onDrop);
  return {
    addEvent,
    detach() {
      svg.removeEventListener('mousedown', onPlayheadMouseDown, { capture: true });
      svg.removeEventListener('keydown', onKeyDown);
      svg.removeEventListener('focusin', onFocusIn);
      svg.removeEventListener('click', onClick);
      svg.removeEventListener('dragover', onDragOver);
      svg.removeEventListener('drop', onDrop);
    },
  };
}
