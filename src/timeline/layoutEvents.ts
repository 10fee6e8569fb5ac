/**
 * Event handles: every document event on its lane, as a slider with an accessible name
 * (`Pause, replica A`) and value text (`02:01:30 to 02:07:30`). Spans (pause, starveRenewer,
 * partition) have both edges; `pauseBeforeWrite` sits where the trace shows its pause began
 * and `delayWrite` on the storage lane from its write's sending to its arrival, each with a
 * draggable end; the rest are points. Never culled: a focused handle must survive a pan.
 * Pure, O(events + writes).
 */
import type { EventDocument } from '../model/scenarioSchema';
import type { WriteRecord } from '../sim/trace';
import { readDurationMs, readTimeMs } from './eventText';
import type { EventHandle, HandleEdges, LaneGeometry } from './geometry';
import type { LayoutContext } from './layoutContext';
import { placeHandleLabels } from './layoutHandleLabels';
import type { LanePlan } from './layoutLanes';
import { formatSignedDuration, formatTime } from './timeText';

export interface EventLayoutInput {
  readonly events: readonly EventDocument[];
  readonly lanes: LanePlan;
  readonly writes: readonly WriteRecord[];
  readonly pausesBeforeWrite: ReadonlyMap<string, readonly number[]>;
  readonly windowFromMs: number;
  readonly windowToMs: number;
}

/** Where an event sits before it becomes a handle; null when it has no place tonight. */
interface Placement {
  readonly lane: LaneGeometry;
  readonly kind: 'span' | 'point';
  readonly edges: HandleEdges;
  readonly startMs: number;
  readonly endMs: number;
  readonly valueNowMs: number;
}

export interface EventLayout {
  readonly handles: EventHandle[];
  readonly unplaced: number[];
}

/** Pure: a handle per placeable event, in document order. */
export function layoutEvents(input: EventLayoutInput, context: LayoutContext): EventLayout {
  const handles: Omit<EventHandle, 'labelX'>[] = [];
  const unplaced: number[] = [];
  const firstWrite = new Map<string, WriteRecord>();
  for (const write of input.writes) {
    const identity = `${write.replica}:${write.order}`;
    if (!firstWrite.has(identity)) firstWrite.set(identity, write);
  }
  const pbwRank = new Map<string, number>();
  input.events.forEach((event, index) => {
    const placement = place(event, input, firstWrite, pbwRank);
    if (placement === null) unplaced.push(index);
    else handles.push(toHandle(event, index, placement, input, context));
  });
  return { handles: placeHandleLabels(handles, context.viewport.widthPx), unplaced };
}

function place(
  event: EventDocument,
  input: EventLayoutInput,
  firstWrite: ReadonlyMap<string, WriteRecord>,
  pbwRank: Map<string, number>,
): Placement | null {
  const replicaLane = (id: string) => {
    const lane = input.lanes.byId.get(id);
    return lane?.kind === 'replica' ? lane : null;
  };
  switch (event.type) {
    case 'pause': {
      const lane = replicaLane(event.replica);
      const startMs = readTimeMs(event.at);
      const forMs = readDurationMs(event.for);
      if (!lane || startMs === null || forMs === null) return null;
      return { lane, kind: 'span', edges: 'both', startMs, endMs: startMs + forMs, valueNowMs: startMs };
    }
    case 'starveRenewer':
    case 'partition': {
      const lane = replicaLane(event.replica);
      const startMs = readTimeMs(event.from);
      const endMs = readTimeMs(event.to);
      if (!lane || startMs === null || endMs === null) return null;
      return { lane, kind: 'span', edges: 'both', startMs, endMs: Math.max(startMs, endMs), valueNowMs: startMs };
    }
    case 'pauseBeforeWrite': {
      const lane = replicaLane(event.replica);
      const forMs = readDurationMs(event.for);
      const starts = input.pausesBeforeWrite.get(event.replica) ?? [];
      // The pause began where the first matching write was held; without that write, take the
      // replica's pauseBeforeWrite pauses in the order of its events.
      const rank = pbwRank.get(event.replica) ?? 0;
      pbwRank.set(event.replica, rank + 1);
      const write = firstWrite.get(`${event.replica}:${event.order}`);
      const startMs = write ? lastAtOrBeforeValue(starts, write.sentMs) : (starts[rank] ?? null);
      if (!lane || forMs === null || startMs === null) return null;
      return { lane, kind: 'span', edges: 'end', startMs, endMs: startMs + forMs, valueNowMs: startMs + forMs };
    }
    case 'delayWrite': {
      const write = firstWrite.get(`${event.replica}:${event.order}`);
      if (!write) return null;
      const lane = input.lanes.storage;
      return { lane, kind: 'span', edges: 'end', startMs: write.sentMs, endMs: write.atMs, valueNowMs: write.atMs };
    }
    case 'clockJump': {
      const atMs = readTimeMs(event.at);
      const lane = replicaLane(event.node) ?? input.lanes.lock;
      return atMs === null ? null : point(lane, atMs);
    }
    case 'expireLock':
    case 'redisFailover': {
      const atMs = readTimeMs(event.at);
      return atMs === null ? null : point(input.lanes.lock, atMs);
    }
    case 'crash':
    case 'restart':
    case 'killSession':
    case 'trigger': {
      const lane = replicaLane(event.replica);
      const atMs = readTimeMs(event.at);
      return !lane || atMs === null ? null : point(lane, atMs);
    }
  }
}

function point(lane: LaneGeometry, atMs: number): Placement {
  return { lane, kind: 'point', edges: 'none', startMs: atMs, endMs: atMs, valueNowMs: atMs };
}

function toHandle(
  event: EventDocument,
  index: number,
  placement: Placement,
  input: EventLayoutInput,
  context: LayoutContext,
): Omit<EventHandle, 'labelX'> {
  const { lane, kind, startMs, endMs } = placement;
  const x0Px = context.x(startMs);
  const x1Px = context.x(endMs);
  const x = context.clipX(startMs);
  return {
    key: `event:${index}`,
    eventIndex: index,
    type: event.type,
    laneId: lane.id,
    kind,
    edges: placement.edges,
    startMs,
    endMs,
    x0Px,
    x1Px,
    x,
    width: Math.max(0, context.clipX(endMs) - x),
    y: lane.trackY,
    height: lane.trackHeight,
    label: typeof event.label === 'string' ? event.label : null,
    ariaLabel: eventName(event, context),
    ariaValueText: valueText(event, placement, context),
    valueMinMs: Math.min(input.windowFromMs, placement.valueNowMs),
    valueMaxMs: Math.max(input.windowToMs, placement.valueNowMs),
    valueNowMs: placement.valueNowMs,
  };
}

/** Pure: the accessible name of a document event, e.g. `Pause, replica A`. */
export function eventName(event: EventDocument, context: Pick<LayoutContext, 'describe' | 'jobKind'>): string {
  switch (event.type) {
    case 'clockJump': {
      const isReplica = event.node !== 'db' && event.node !== 'redis';
      return context.describe(isReplica ? 'event.clockJump.replica' : 'event.clockJump.node', { node: event.node });
    }
    case 'expireLock':
    case 'redisFailover':
      return context.describe(`event.${event.type}`, {});
    case 'pauseBeforeWrite':
    case 'delayWrite':
      return context.describe(`event.${event.type}`, {
        replica: event.replica,
        item: context.describe(`item.${context.jobKind}`, { order: event.order }),
      });
    default:
      return context.describe(`event.${event.type}`, { replica: event.replica });
  }
}

function valueText(event: EventDocument, placement: Placement, context: LayoutContext): string {
  if (placement.kind === 'span') {
    return context.describe('value.span', { from: formatTime(placement.startMs), to: formatTime(placement.endMs) });
  }
  if (event.type === 'clockJump') {
    const byMs = readDurationMs(event.by) ?? 0;
    return context.describe('value.clockJump', { at: formatTime(placement.startMs), by: formatSignedDuration(byMs) });
  }
  return context.describe('value.point', { at: formatTime(placement.startMs) });
}

function lastAtOrBeforeValue(values: readonly number[], limit: number): number | null {
  let found: number | null = null;
  for (const value of values) if (value <= limit) found = value;
  return found;
}
