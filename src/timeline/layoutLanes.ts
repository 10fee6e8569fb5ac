/**
 * The lanes, top to bottom: one per replica in the scenario's order, then the lock service,
 * then one per coordination service the mechanism has (Redis primary and replica, the Lease
 * record, the etcd / ZooKeeper keys, the outbox table), then the storage. Also the plot's
 * vertical plan (axis, violation strip, lanes). Pure.
 */
import type { LaneGeometry } from './geometry';
import type { LayoutContext } from './layoutContext';

export const DEFAULT_LANE_HEIGHT_PX = 48;
/** Room left of the plot for the lane labels. */
export const LANE_LABEL_WIDTH_PX = 96;
/**
 * With the lane labels right of the plot, the room kept left of it: half the first axis label
 * (centred on the plot's left edge) must not be cut off, in the page or an exported picture.
 * The app's chart width leaves this much beside the plot and the gutter already (it is the
 * room the last axis label has when the labels stand on the left).
 */
export const PLOT_MARGIN_LEFT_PX = 16;
/** Baseline of the tick labels. */
export const AXIS_Y_PX = 14;
/** Centre of the strip of violation markers under the axis. */
export const VIOLATION_Y_PX = 30;
export const LANES_TOP_PX = 42;
const LANE_GAP_PX = 2;
/** The chart's label font size unless the app asks for another (the CSS's `.tl` size). */
export const DEFAULT_LABEL_FONT_PX = 11;
/** Rows of key-moment labels in the strip above the lanes. */
export const MOMENT_ROWS = 3;

/** The plot's vertical plan above the lanes: axis, violation strip, key-moment strip. */
export interface VerticalPlan {
  readonly axisY: number;
  readonly violationY: number;
  readonly momentsTopY: number;
  readonly momentRowPx: number;
  readonly momentRows: number;
  readonly lanesTopY: number;
}

/**
 * Pure: where the axis, the violation strip and the key-moment strip go for this font size;
 * with no key moments the strip takes no room. At 11 px and no moments this is the original
 * plan (axis 14, violations 30, lanes 42).
 */
export function verticalPlan(fontPx: number, momentRows: number): VerticalPlan {
  const axisY = AXIS_Y_PX + Math.round((fontPx - DEFAULT_LABEL_FONT_PX) * 1.2);
  const violationY =
    axisY + (VIOLATION_Y_PX - AXIS_Y_PX) + Math.round(Math.max(0, fontPx - DEFAULT_LABEL_FONT_PX) * 0.5);
  const momentsTopY = violationY + (LANES_TOP_PX - VIOLATION_Y_PX);
  const momentRowPx = Math.round(fontPx * 1.5);
  const lanesTopY = momentsTopY + (momentRows > 0 ? momentRows * momentRowPx + 4 : 0);
  return { axisY, violationY, momentsTopY, momentRowPx, momentRows, lanesTopY };
}
/** Space per replica row of write markers on the storage lane. */
export const WRITE_ROW_PX = 12;

/** A mechanism lane: its stream, its label and how many sub-rows it stacks. */
export interface ServiceLaneSpec {
  readonly id: string;
  readonly label: string;
  readonly rows: number;
}

/** Height of a sub-row of a mechanism lane (keys per replica, outbox rows), and the cap. */
const SERVICE_ROW_PX = 10;
const OUTBOX_ROWS_MAX_PX = 150;

export interface LanePlan {
  readonly lanes: readonly LaneGeometry[];
  readonly byId: ReadonlyMap<string, LaneGeometry>;
  readonly lock: LaneGeometry;
  readonly storage: LaneGeometry;
  readonly bottomY: number;
}

/** Pure: lanes for these replicas; `lock` and `storage` are reserved lane ids after them. */
export function layoutLanes(
  replicaIds: readonly string[],
  laneHeightPx: number,
  context: LayoutContext,
  services: readonly ServiceLaneSpec[] = [],
  topPx: number = LANES_TOP_PX,
): LanePlan {
  const lanes: LaneGeometry[] = [];
  let y = topPx;
  const add = (id: string, kind: LaneGeometry['kind'], label: string, height: number): LaneGeometry => {
    const lane: LaneGeometry = {
      id,
      kind,
      y,
      height,
      label,
      trackY: y + 2,
      trackHeight: Math.min(14, Math.round(height * 0.25)),
    };
    lanes.push(lane);
    y += height + LANE_GAP_PX;
    return lane;
  };
  for (const replica of replicaIds)
    add(replica, 'replica', context.describe('lane.replica', { replica }), laneHeightPx);
  const lock = add('lock', 'lock', context.word('lane.lock'), laneHeightPx);
  for (const service of services)
    add(service.id, 'service', service.label, serviceLaneHeightPx(service.rows, laneHeightPx));
  const storage = add(
    'storage',
    'storage',
    context.word('lane.storage'),
    storageLaneHeightPx(replicaIds.length, laneHeightPx),
  );
  const byId = new Map<string, LaneGeometry>();
  // Replica ids are checked unique by the model; `lock` and `storage` win should one be named so.
  for (const lane of lanes) if (!byId.has(lane.id) || lane.kind !== 'replica') byId.set(lane.id, lane);
  return { lanes, byId, lock, storage, bottomY: y - LANE_GAP_PX };
}

/** Pure: the storage lane's height: a row of write markers per replica and the fence line under them. */
export function storageLaneHeightPx(replicaCount: number, laneHeightPx: number): number {
  return Math.max(laneHeightPx, Math.round(laneHeightPx * 0.3) + replicaCount * WRITE_ROW_PX + 16);
}

/**
 * Pure: where the lanes end (`LanePlan.bottomY`) for this many replicas and mechanism lanes of
 * these row counts, without laying anything out: the same sums as `layoutLanes()`, so the
 * chart can be sized to a window before it is drawn (chartSize.ts).
 */
export function lanesBottomPx(
  replicaCount: number,
  serviceRows: readonly number[],
  laneHeightPx: number,
  topPx: number = LANES_TOP_PX,
): number {
  let heightPx = (replicaCount + 1) * laneHeightPx + storageLaneHeightPx(replicaCount, laneHeightPx);
  for (const rows of serviceRows) heightPx += serviceLaneHeightPx(rows, laneHeightPx);
  const lanes = replicaCount + 2 + serviceRows.length;
  return topPx + heightPx + (lanes - 1) * LANE_GAP_PX;
}

/** Pure: a mechanism lane's height: one bar, or a stack of sub-rows (keys, outbox rows). */
export function serviceLaneHeightPx(rows: number, laneHeightPx: number): number {
  if (rows <= 1) return Math.round(laneHeightPx * 0.75);
  return Math.max(laneHeightPx, Math.min(OUTBOX_ROWS_MAX_PX, rows * SERVICE_ROW_PX) + 12);
}

/** Pure: the y band of sub-row `row` of `rows` in a mechanism lane. */
export function serviceRowBand(
  lane: LaneGeometry,
  row: number,
  rows: number,
): { readonly y: number; readonly height: number } {
  if (rows <= 1) {
    const band = mainBand(lane);
    return { y: lane.y + Math.round(lane.height * 0.2), height: Math.max(band.height, Math.round(lane.height * 0.6)) };
  }
  const pitch = (lane.height - 12) / rows;
  return { y: lane.y + 6 + row * pitch, height: Math.max(1, pitch - (pitch >= 4 ? 1 : 0)) };
}

/** Pure: the y band (top, height) a lane gives its main marks: activity, lease bars. */
export function mainBand(lane: LaneGeometry): { readonly y: number; readonly height: number } {
  return { y: lane.y + Math.round(lane.height * 0.33), height: Math.round(lane.height * 0.34) };
}

/** Pure: the y band under the main one: belief bars on replica lanes, lock-row states on the lock lane. */
export function lowerBand(lane: LaneGeometry): { readonly y: number; readonly height: number } {
  return { y: lane.y + Math.round(lane.height * 0.74), height: Math.max(3, Math.round(lane.height * 0.16)) };
}

/** Pure: the y of write markers of replica `replicaIndex` of `replicaCount` on the storage lane. */
export function writeRowY(storage: LaneGeometry, replicaIndex: number): number {
  const top = storage.trackY + storage.trackHeight + 6;
  return top + replicaIndex * WRITE_ROW_PX;
}

/** Pure: the y band of the fence line on the storage lane. */
export function fenceBand(storage: LaneGeometry): { readonly y: number; readonly height: number } {
  return { y: storage.y + storage.height - 12, height: 8 };
}
