/**
 * Event handles: `<g role="slider" tabindex="0">` per document event, with its accessible name,
 * value text and `aria-valuemin/max/now` in ms, and `data-event-index` for the behaviours.
 * A span has a body and edge grips (`data-drag="body|start|end"`); a point has a shape. The
 * file's label is drawn with `.text()` only. Keyed by index and type, so a handle keeps its
 * node (and its focus) while its event is dragged or moved with the keyboard.
 */
import { type Selection, select } from 'd3';
import type { Group } from './drawLayers';
import { eventShapePath, eventShapeStroked } from './drawShapes';
import type { EventHandle } from './geometry';

const EDGE_GRIP_PX = 8;
const POINT_SIZE_PX = 11;

type HandleGroup = Selection<SVGGElement, EventHandle, null, undefined>;

export function drawHandles(layer: Group, handles: readonly EventHandle[], selectedEventIndex: number | null): void {
  layer
    .selectAll<SVGGElement, EventHandle>('g.tl-handle')
    .data(handles, (handle) => `${handle.key}:${handle.type}`)
    .join((enter) =>
      enter
        .append('g')
        .attr('role', 'slider')
        .attr('tabindex', 0)
        .attr('aria-orientation', 'horizontal')
        .each(function build(handle) {
          buildHandle(select(this), handle);
        }),
    )
    .attr('class', (handle) => handleClass(handle, selectedEventIndex))
    .attr('data-event-index', (handle) => handle.eventIndex)
    .attr('aria-label', (handle) => handle.ariaLabel)
    .attr('aria-valuetext', (handle) => handle.ariaValueText)
    .attr('aria-valuemin', (handle) => Math.round(handle.valueMinMs))
    .attr('aria-valuemax', (handle) => Math.round(handle.valueMaxMs))
    .attr('aria-valuenow', (handle) => Math.round(handle.valueNowMs))
    .each(function update(handle) {
      const group = select<SVGGElement, EventHandle>(this);
      if (handle.kind === 'span') updateSpan(group, handle);
      else updatePoint(group, handle);
    });
}

function handleClass(handle: EventHandle, selectedEventIndex: number | null): string {
  const selected = handle.eventIndex === selectedEventIndex ? ' tl-handle--selected' : '';
  return `tl-handle tl-handle--${handle.kind} tl-handle--${handle.type}${selected}`;
}

/** Builds a handle's children once, on enter; their kind never changes for a key. */
function buildHandle(group: HandleGroup, handle: EventHandle): void {
  group.append('rect').attr('class', 'tl-handle-focus');
  if (handle.kind === 'span') {
    group.append('rect').attr('class', 'tl-handle-body').attr('data-drag', 'body');
    if (handle.edges === 'both')
      group.append('rect').attr('class', 'tl-handle-edge tl-handle-edge--start').attr('data-drag', 'start');
    if (handle.edges !== 'none')
      group.append('rect').attr('class', 'tl-handle-edge tl-handle-edge--end').attr('data-drag', 'end');
  } else {
    group.append('rect').attr('class', 'tl-handle-hit').attr('data-drag', 'body');
    group
      .append('path')
      .attr('class', `tl-handle-point${eventShapeStroked(handle.type) ? ' tl-handle-point--stroked' : ''}`)
      .attr('data-drag', 'body');
  }
  group.append('text').attr('class', 'tl-handle-label').attr('dominant-baseline', 'middle');
}

function box(
  selection: Selection<SVGRectElement, EventHandle, null, undefined>,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  selection.attr('x', x).attr('y', y).attr('width', width).attr('height', height);
}

function updateSpan(group: HandleGroup, handle: EventHandle): void {
  const { y, height } = handle;
  box(group.select('rect.tl-handle-body'), handle.x, y, Math.max(2, handle.width), height);
  box(group.select('rect.tl-handle-edge--start'), handle.x0Px - EDGE_GRIP_PX / 2, y - 2, EDGE_GRIP_PX, height + 4);
  box(group.select('rect.tl-handle-edge--end'), handle.x1Px - EDGE_GRIP_PX / 2, y - 2, EDGE_GRIP_PX, height + 4);
  box(group.select('rect.tl-handle-focus'), handle.x - 3, y - 3, Math.max(2, handle.width) + 6, height + 6);
  updateLabel(group, handle, handle.x + 4);
}

function updatePoint(group: HandleGroup, handle: EventHandle): void {
  const cy = handle.y + handle.height / 2;
  const half = POINT_SIZE_PX / 2 + 2;
  box(group.select('rect.tl-handle-hit'), handle.x0Px - half, cy - half, half * 2, half * 2);
  box(group.select('rect.tl-handle-focus'), handle.x0Px - half - 1, cy - half - 1, half * 2 + 2, half * 2 + 2);
  group
    .select('path.tl-handle-point')
    .attr('d', eventShapePath(handle.type, POINT_SIZE_PX))
    .attr('transform', `translate(${handle.x0Px},${cy})`);
  updateLabel(group, handle, handle.x0Px + half + 2);
}

/** The file's label, as text: never parsed as markup. */
function updateLabel(group: HandleGroup, handle: EventHandle, x: number): void {
  group
    .select('text.tl-handle-label')
    .attr('x', x)
    .attr('y', handle.y + handle.height / 2)
    .text(handle.label ?? '');
}
