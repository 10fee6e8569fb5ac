/**
 * Replica lanes, in one pass over the trace: activity bands from `activity` entries, the
 * process overlay (paused, down) from `process` entries, and belief bars: the span in which the
 * replica believes it holds the lock, from the moment it saw its grant (its machine left
 * `acquiring` for a working state) until it went back to `idle` or its process went down.
 * Pure, O(entries).
 */
import type { LockConfig } from '../model/resolvedScenario';
import type { GrantRecord, Trace, TraceEntry } from '../sim/trace';
import type { ActivityBand, ActivityName, BeliefBar, LaneGeometry, ProcessBand } from './geometry';
import type { LayoutContext } from './layoutContext';
import { lowerBand, mainBand } from './layoutLanes';
import { leaseLengthMs, validUntilMs } from './leases';
import { formatTime } from './timeText';

/** Below this width the activity name is not written inside its band. */
const BAND_LABEL_MIN_PX = 64;
/** A band shorter than a pixel still shows as one: a 3 ms due check is a visible tick. */
const BAND_MIN_PX = 1;

export interface ReplicaLayout {
  readonly activityBands: ActivityBand[];
  readonly processBands: ProcessBand[];
  readonly beliefBars: BeliefBar[];
  /** Per replica, the start times of pauses caused by `pauseBeforeWrite`, in order. */
  readonly pausesBeforeWrite: ReadonlyMap<string, readonly number[]>;
}

interface OpenBelief {
  readonly grantId: number;
  readonly fromMs: number;
  believedUntilLocalMs: number | null;
  believedUntilMs: number | null;
}

/** Mutable per-replica state of the pass. */
class ReplicaState {
  activity: ActivityName = 'idle';
  activityFromMs = 0;
  activityCount = 0;
  process: { state: 'paused' | 'down'; cause: ProcessBand['cause']; fromMs: number } | null = null;
  processCount = 0;
  lastGrantId: number | null = null;
  belief: OpenBelief | null = null;
  beliefCount = 0;
  readonly pausesBeforeWrite: number[] = [];
  /** The lane's bands, computed once rather than per mark. */
  readonly main: { readonly y: number; readonly height: number };
  readonly lower: { readonly y: number; readonly height: number };
  constructor(readonly lane: LaneGeometry) {
    this.main = mainBand(lane);
    this.lower = lowerBand(lane);
  }
}

/** Pure: the marks of every replica lane. */
export function layoutReplicas(
  trace: Trace,
  lock: LockConfig,
  lanes: ReadonlyMap<string, LaneGeometry>,
  context: LayoutContext,
): ReplicaLayout {
  const out: ReplicaLayout = { activityBands: [], processBands: [], beliefBars: [], pausesBeforeWrite: new Map() };
  const states = new Map<string, ReplicaState>();
  for (const id of trace.replicaIds) {
    const lane = lanes.get(id);
    if (lane?.kind === 'replica') states.set(id, new ReplicaState(lane));
  }
  const leaseMs = leaseLengthMs(lock);
  for (const entry of trace.entries) {
    if (entry.kind === 'grant') {
      const state = states.get(entry.replica);
      if (state) state.lastGrantId = entry.grantId;
      continue;
    }
    const state = states.get(entry.node);
    if (state) onReplicaEntry(state, entry, leaseMs, trace.grants, out, context);
  }
  for (const [id, state] of states) {
    closeActivity(state, context.nightEndMs, out, context);
    closeProcess(state, context.nightEndMs, out, context);
    closeBelief(state, context.nightEndMs, trace.grants, out, context);
    (out.pausesBeforeWrite as Map<string, readonly number[]>).set(id, state.pausesBeforeWrite);
  }
  return { ...out, activityBands: labelsClearOfProcess(out.activityBands, out.processBands) };
}

/**
 * A pause or a crash is drawn over the activity it interrupts (A computes through its GC
 * pause): an activity's word goes in the first stretch of its band that no process band
 * covers and that is wide enough for it, or nowhere. Pure.
 */
function labelsClearOfProcess(bands: ActivityBand[], overlays: readonly ProcessBand[]): ActivityBand[] {
  if (overlays.length === 0) return bands;
  return bands.map((band) => {
    if (band.label === null) return band;
    const covers = overlays.filter(
      (overlay) =>
        overlay.laneId === band.laneId && overlay.x < band.x + band.width && overlay.x + overlay.width > band.x,
    );
    if (covers.length === 0) return band;
    let fromX = Math.max(band.x, 0);
    for (const overlay of [...covers].sort((a, b) => a.x - b.x)) {
      if (overlay.x - fromX >= BAND_LABEL_MIN_PX) return { ...band, labelX: fromX + 4 };
      fromX = Math.max(fromX, overlay.x + overlay.width);
    }
    return band.x + band.width - fromX >= BAND_LABEL_MIN_PX ? { ...band, labelX: fromX + 4 } : { ...band, label: null };
  });
}

function onReplicaEntry(
  state: ReplicaState,
  entry: TraceEntry,
  leaseMs: number | null,
  grants: readonly GrantRecord[],
  out: ReplicaLayout,
  context: LayoutContext,
): void {
  switch (entry.kind) {
    case 'activity':
      closeActivity(state, entry.atMs, out, context);
      state.activity = entry.to;
      state.activityFromMs = entry.atMs;
      if (entry.from === 'acquiring' && entry.to !== 'idle' && state.lastGrantId !== null && !state.belief) {
        const untilLocal = leaseMs === null ? null : entry.localMs + leaseMs;
        const until = leaseMs === null ? null : entry.atMs + leaseMs;
        state.belief = {
          grantId: state.lastGrantId,
          fromMs: entry.atMs,
          believedUntilLocalMs: untilLocal,
          believedUntilMs: until,
        };
      } else if (entry.to === 'idle') {
        closeBelief(state, entry.atMs, grants, out, context);
      }
      return;
    case 'process':
      closeProcess(state, entry.atMs, out, context);
      if (entry.state !== 'up') state.process = { state: entry.state, cause: entry.cause, fromMs: entry.atMs };
      if (entry.cause === 'pauseBeforeWrite') state.pausesBeforeWrite.push(entry.atMs);
      if (entry.state === 'down') {
        closeBelief(state, entry.atMs, grants, out, context);
        // A fresh machine starts idle; the activity bands must not run on through the crash.
        closeActivity(state, entry.atMs, out, context);
        state.activity = 'idle';
        state.activityFromMs = entry.atMs;
      }
      return;
    case 'keepAlive':
      // An extension renews the replica's own reckoning of its lease.
      if (entry.outcome === 'extended' && state.belief && leaseMs !== null) {
        state.belief.believedUntilLocalMs = entry.localMs + leaseMs;
        state.belief.believedUntilMs = entry.atMs + leaseMs;
      }
      return;
    default:
      return;
  }
}

function closeActivity(state: ReplicaState, toMs: number, out: ReplicaLayout, context: LayoutContext): void {
  const fromMs = state.activityFromMs;
  // Idle is the lane's background; zero-length states (acquiring -> loading at one instant) have no extent.
  if (state.activity === 'idle' || toMs <= fromMs) return;
  const index = state.activityCount++;
  if (!context.visible(fromMs, toMs)) return;
  const band = state.main;
  const x = context.clipX(fromMs);
  const width = Math.max(BAND_MIN_PX, context.clipX(toMs) - x);
  out.activityBands.push({
    key: `${state.lane.id}:${index}`,
    laneId: state.lane.id,
    fromMs,
    toMs,
    x,
    width,
    y: band.y,
    height: band.height,
    activity: state.activity,
    label: width >= BAND_LABEL_MIN_PX ? context.word(`activity.${state.activity}`) : null,
  });
}

function closeProcess(state: ReplicaState, toMs: number, out: ReplicaLayout, context: LayoutContext): void {
  const open = state.process;
  if (!open) return;
  state.process = null;
  const index = state.processCount++;
  if (!context.visible(open.fromMs, toMs)) return;
  const band = state.main;
  const x = context.clipX(open.fromMs);
  out.processBands.push({
    key: `${state.lane.id}:${index}`,
    laneId: state.lane.id,
    fromMs: open.fromMs,
    toMs,
    x,
    width: Math.max(BAND_MIN_PX, context.clipX(toMs) - x),
    y: band.y - 2,
    height: band.height + 4,
    state: open.state,
    cause: open.cause,
    label: context.word(`process.${open.state}`),
  });
}

function closeBelief(
  state: ReplicaState,
  toMs: number,
  grants: readonly GrantRecord[],
  out: ReplicaLayout,
  context: LayoutContext,
): void {
  const open = state.belief;
  if (!open) return;
  state.belief = null;
  const index = state.beliefCount++;
  if (!context.visible(open.fromMs, toMs)) return;
  const grant = grants[open.grantId];
  const token = grant?.token ?? null;
  const band = state.lower;
  const x = context.clipX(open.fromMs);
  const replica = state.lane.id;
  const until = open.believedUntilLocalMs === null ? null : formatTime(open.believedUntilLocalMs);
  const key = `belief.${token === null ? 'noToken' : 'token'}${until === null ? 'NoExpiry' : ''}`;
  out.beliefBars.push({
    key: `${replica}:${index}`,
    laneId: replica,
    fromMs: open.fromMs,
    toMs,
    x,
    width: Math.max(BAND_MIN_PX, context.clipX(toMs) - x),
    y: band.y,
    height: band.height,
    replica,
    grantId: open.grantId,
    token,
    believedUntilLocalMs: open.believedUntilLocalMs,
    // A belief that ended before its own reckoned expiry has nothing to show there.
    expiryX: open.believedUntilMs === null || open.believedUntilMs > toMs ? null : context.x(open.believedUntilMs),
    outlivedLease: grant !== undefined && toMs > validUntilMs(grant),
    label: context.describe(key, { replica, token: token ?? '', until: until ?? '' }),
  });
}
