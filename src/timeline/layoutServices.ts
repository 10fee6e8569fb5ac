/**
 * The mechanism lanes: which ones a night has (one per stream of its service history) and their
 * bars, from `serviceIntervals()`, culled to the viewport and placed on their sub-rows. Pure.
 */
import type { ServiceStream } from '../sim/serviceHistory';
import type { Trace } from '../sim/trace';
import type { LaneGeometry, ServiceSpan } from './geometry';
import type { LayoutContext } from './layoutContext';
import { type ServiceLaneSpec, serviceRowBand } from './layoutLanes';
import { laneWordKey, type ServiceInterval, serviceIntervals, streamsOf } from './serviceIntervals';

/** Narrowest bar that gets its text drawn inside, per character. */
const LABEL_PX_PER_CHAR = 6.5;

/** Pure: the mechanism lanes of this night, in lane order. */
export function serviceLaneSpecs(trace: Trace, context: LayoutContext): ServiceLaneSpec[] {
  return streamsOf(trace.services).map((stream) => ({
    id: stream,
    label: context.word(laneWordKey(stream, trace.services.find((change) => change.stream === stream)?.view)),
    rows: rowsOf(trace, stream),
  }));
}

/** Pure: the sub-row count of each mechanism lane of this night, in lane order (for sizing). */
export function serviceLaneRows(trace: Trace): number[] {
  return streamsOf(trace.services).map((stream) => rowsOf(trace, stream));
}

function rowsOf(trace: Trace, stream: ServiceStream): number {
  if (stream === 'keys') return trace.replicaIds.length;
  const first = trace.services.find((change) => change.stream === stream)?.view;
  if (first?.kind === 'outbox') return Math.max(1, first.rows.length);
  if (first?.kind === 'cleanup') return Math.max(1, first.deleted.length);
  return 1;
}

/** Pure: the bars of every mechanism lane in `lanes`, culled to the viewport. */
export function layoutServiceSpans(
  trace: Trace,
  lanes: ReadonlyMap<string, LaneGeometry>,
  specs: readonly ServiceLaneSpec[],
  context: LayoutContext,
): ServiceSpan[] {
  const rows = new Map(specs.map((spec) => [spec.id, spec.rows]));
  const spans: ServiceSpan[] = [];
  const intervals = serviceIntervals(trace.services, trace.replicaIds, context.nightEndMs);
  intervals.forEach((interval, index) => {
    const lane = lanes.get(interval.stream);
    if (!lane || !context.visible(interval.fromMs, interval.toMs)) return;
    spans.push(place(interval, index, lane, rows.get(interval.stream) ?? 1, trace.replicaIds, context));
  });
  return spans;
}

function place(
  interval: ServiceInterval,
  index: number,
  lane: LaneGeometry,
  rows: number,
  replicaIds: readonly string[],
  context: LayoutContext,
): ServiceSpan {
  const band = serviceRowBand(lane, interval.row, rows);
  const x = context.clipX(interval.fromMs);
  const width = Math.max(1, context.clipX(interval.toMs) - x);
  const text =
    interval.tone === 'down'
      ? context.word('service.down')
      : interval.text === null
        ? null
        : context.describe(interval.text.key, interval.text.params);
  const fits = text !== null && band.height >= 10 && width >= (text.length + 2) * LABEL_PX_PER_CHAR;
  const replicaIndex = interval.replica === null ? -1 : replicaIds.indexOf(interval.replica);
  return {
    key: `svc:${interval.stream}:${index}`,
    laneId: lane.id,
    fromMs: interval.fromMs,
    toMs: interval.toMs,
    x,
    width,
    y: band.y,
    height: band.height,
    tone: interval.tone,
    replicaIndex: replicaIndex < 0 ? null : replicaIndex,
    label: fits ? text : null,
  };
}
