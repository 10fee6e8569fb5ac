/**
 * Event handles: `<g role="slider" tabindex="0">` per document event, with its accessible name,
 * value text and `aria-valuemin/max/now` in ms, and `data-event-index` for the behaviours.
 * A span has a body and edge grips (`data-drag="body|start|end"`); a point has a shape. The
 * file's label is drawn with `.text()` only. Keyed by index and type, so a handle keeps its
 * node (and its focus) while its event is dragged or moved with the keyboard; only what
 * changed is written, so the 199 handles not being dragged cost nothing to redraw; a handle
 * given the very same object as last time (the app keeps unchanged marks' objects during a
 * drag: app/timeline/shareGeometry.ts), with its selection unchanged, is not even compared.
 */
import { type Selection, select } from 'd3';
import { attrs, num, setAttr } from './drawAttrs';
import type { Group } from './drawLayers';
import { eventShapePath, eventShapeStroked } from './drawShapes';
import type { EventHandle } from './geometry';
import { POINT_HALF_PX, POINT_SIZE_PX } from './layoutHandleLabels';

const EDGE_GRIP_PX = 8;

/** A handle's children, found once when it is built. */
interface Parts {
  readonly focus: Element;
  readonly body: Element;
  readonly start: Element | null;
  readonly end: Element | null;
  readonly point: Element | null;
  readonly label: Selection<SVGTextElement, unknown, null, undefined>;
}

const partsOf = new WeakMap<Element, Parts>();

/** What each handle's node was last written from: the handle object and whether it was selected. */
const drawnFrom = new WeakMap<Element, { readonly handle: EventHandle; readonly selected: boolean }>();

export function drawHandles(layer: Group, handles: readonly EventHandle[], selectedEventIndex: number | null): void {
  const groups = layer
    .selectAll<SVGGElement, EventHandle>('g.tl-handle')
    .data(handles, (handle) => `${handle.key}:${handle.type}`)
    .join((enter) =>
      enter
        .append('g')
        .attr('class', 'tl-handle')
        .attr('role', 'slider')
        .attr('tabindex', 0)
        .attr('aria-orientation', 'horizontal')
        .each(function build(handle) {
          partsOf.set(this, buildHandle(this, handle));
        }),
    );
  // Only the handles whose object or selection changed since their node was last written.
  const stale = groups.filter(function changed(handle) {
    const selected = handle.eventIndex === selectedEventIndex;
    const last = drawnFrom.get(this);
    if (last !== undefined && last.handle === handle && last.selected === selected) return false;
    drawnFrom.set(this, { handle, selected });
    return true;
  });
  attrs(stale, {
    class: (handle) => handleClass(handle, selectedEventIndex),
    'data-event-index': (handle) => handle.eventIndex,
    'aria-label': (handle) => handle.ariaLabel,
    'aria-valuetext': (handle) => handle.ariaValueText,
    'aria-valuemin': (handle) => Math.round(handle.valueMinMs),
    'aria-valuemax': (handle) => Math.round(handle.valueMaxMs),
    'aria-valuenow': (handle) => Math.round(handle.valueNowMs),
  });
  stale.each(function update(handle) {
    const parts = partsOf.get(this);
    if (!parts) return;
    if (handle.kind === 'span') updateSpan(parts, handle);
    else updatePoint(parts, handle);
  });
}

function handleClass(handle: EventHandle, selectedEventIndex: number | null): string {
  const selected = handle.eventIndex === selectedEventIndex ? ' tl-handle--selected' : '';
  return `tl-handle tl-handle--${handle.kind} tl-handle--${handle.type}${selected}`;
}

/** Builds a handle's children once, on enter; their kind never changes for a key. */
function buildHandle(element: SVGGElement, handle: EventHandle): Parts {
  const group = select(element);
  const focus = group.append('rect').attr('class', 'tl-handle-focus').node() as Element;
  if (handle.kind === 'span') {
    const body = group.append('rect').attr('class', 'tl-handle-body').attr('data-drag', 'body').node() as Element;
    const edge = (side: 'start' | 'end') =>
      group.append('rect').attr('class', `tl-handle-edge tl-handle-edge--${side}`).attr('data-drag', side).node();
    const start = handle.edges === 'both' ? edge('start') : null;
    const end = handle.edges !== 'none' ? edge('end') : null;
    return { focus, body, start, end, point: null, label: appendLabel(group) };
  }
  const body = group.append('rect').attr('class', 'tl-handle-hit').attr('data-drag', 'body').node() as Element;
  const stroked = eventShapeStroked(handle.type) ? ' tl-handle-point--stroked' : '';
  const point = group.append('path').attr('class', `tl-handle-point${stroked}`).attr('data-drag', 'body').node();
  return { focus, body, start: null, end: null, point, label: appendLabel(group) };
}

function appendLabel(group: Selection<SVGGElement, unknown, null, undefined>) {
  // The visible label is the file's own text; the slider's name says what the event is, so
  // the label is kept out of the accessibility tree (the event table reads it out).
  return group
    .append('text')
    .attr('class', 'tl-handle-label')
    .attr('dominant-baseline', 'middle')
    .attr('aria-hidden', 'true');
}

function box(element: Element | null, x: number, y: number, width: number, height: number): void {
  if (!element) return;
  setAttr(element, 'x', x);
  setAttr(element, 'y', y);
  setAttr(element, 'width', width);
  setAttr(element, 'height', height);
}

function updateSpan(parts: Parts, handle: EventHandle): void {
  const { y, height } = handle;
  const width = Math.max(2, handle.width);
  box(parts.body, handle.x, y, width, height);
  box(parts.start, handle.x0Px - EDGE_GRIP_PX / 2, y - 2, EDGE_GRIP_PX, height + 4);
  box(parts.end, handle.x1Px - EDGE_GRIP_PX / 2, y - 2, EDGE_GRIP_PX, height + 4);
  box(parts.focus, handle.x - 3, y - 3, width + 6, height + 6);
  updateLabel(parts, handle);
}

function updatePoint(parts: Parts, handle: EventHandle): void {
  const cy = handle.y + handle.height / 2;
  const half = POINT_HALF_PX;
  box(parts.body, handle.x0Px - half, cy - half, half * 2, half * 2);
  box(parts.focus, handle.x0Px - half - 1, cy - half - 1, half * 2 + 2, half * 2 + 2);
  if (parts.point) {
    setAttr(parts.point, 'd', eventShapePath(handle.type, POINT_SIZE_PX));
    setAttr(parts.point, 'transform', `translate(${num(handle.x0Px)},${num(cy)})`);
  }
  updateLabel(parts, handle);
}

/** The file's label, as text: never parsed as markup; where the layout found it room (layoutHandleLabels.ts). */
function updateLabel(parts: Parts, handle: EventHandle): void {
  const text = parts.label.node();
  if (!text) return;
  setAttr(text, 'display', handle.labelX === null ? 'none' : null);
  setAttr(text, 'x', handle.labelX ?? 0);
  setAttr(text, 'y', handle.y + handle.height / 2);
  const label = handle.label ?? '';
  if (text.textContent !== label) parts.label.text(label);
}
