/**
 * `layoutTimeline()`: the night as geometry, the pure step between the trace and the SVG
 * (docs/style.md rule 4: layout -> geometry -> D3 join). Lanes first, then each lane's marks in one pass
 * over the part of the trace it draws, then what went wrong and the event handles on top.
 * O(entries + events); no DOM, no clock, the same input gives the same geometry.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { EventDocument } from '../model/scenarioSchema';
import type { KeyMoment } from '../sim/readings/keyMoments';
import type { Trace } from '../sim/trace';
import { CHART_BOTTOM_PADDING_PX } from './chartSize';
import { type Describe, describeDefaults } from './describeDefaults';
import type { LaneLabelSide, TimelineGeometry } from './geometry';
import { type CurtainOfHighlight, curtainLeftPx } from './highlight';
import { createLabelPlacer } from './labelPlacement';
import { layoutViolations, layoutZombies } from './layoutAnnotations';
import { createLayoutContext } from './layoutContext';
import { layoutEvents } from './layoutEvents';
import { fenceLabelFontPx, layoutFenceLabels } from './layoutFenceLabels';
import {
  DEFAULT_LABEL_FONT_PX,
  DEFAULT_LANE_HEIGHT_PX,
  LANE_LABEL_WIDTH_PX,
  layoutLanes,
  MOMENT_ROWS,
  PLOT_MARGIN_LEFT_PX,
  verticalPlan,
  WRITE_ROW_PX,
  writeRowY,
} from './layoutLanes';
import { layoutLeases, layoutLockRows } from './layoutLock';
import { layoutMoments, type MomentAnchors } from './layoutMoments';
import { layoutReplicas } from './layoutReplicas';
import { layoutServiceSpans, serviceLaneSpecs } from './layoutServices';
import { layoutStorage } from './layoutStorage';
import { layoutWriteArrows, placeWriteLabels, writeLabelFontPx } from './layoutWriteLabels';
import { timeTicks } from './timeScale';
import { clampViewport, type Viewport } from './viewport';

export interface TimelineLayoutInput {
  readonly trace: Trace;
  readonly scenario: ResolvedScenario;
  /** The document's events (for the handles; their index is the edit's index). */
  readonly events: readonly EventDocument[];
  readonly viewport: Viewport;
  /** Layout pixels per replica lane (chartSize.ts fits it to the window); 48 by default. */
  readonly laneHeightPx?: number;
  /** The night's key moments (`sim/keyMoments`), drawn as words above the lanes; none by default. */
  readonly keyMoments?: readonly KeyMoment[];
  /** Font size of the chart's labels; placement is estimated for it. */
  readonly labelFontPx?: number;
  /** Screen pixels per layout pixel the chart will be drawn at (chartSize.ts); 1 by default. */
  readonly displayScale?: number;
  /** Words and accessible names; English by default. */
  readonly describe?: Describe;
  /**
   * A lesson's curtain and masked writes (highlight.ts): labels are placed clear of the
   * curtain, as they are of any mark, since it is drawn over them. None by default.
   */
  readonly highlight?: CurtainOfHighlight | null;
  /** Where the lane labels stand (right for a right-to-left reader); left by default. */
  readonly laneLabelSide?: LaneLabelSide;
  /** How the axis writes a time's digits (the app's digit setting); as they are by default. */
  readonly tickText?: (label: string) => string;
  /** Rows for the key moments' words (the sizing profile's); MOMENT_ROWS by default. */
  readonly momentRows?: number;
}

/** Pure: the geometry of the whole chart for one trace and viewport. */
export function layoutTimeline(input: TimelineLayoutInput): TimelineGeometry {
  const { trace, scenario } = input;
  const viewport = clampViewport(input.viewport);
  const laneHeightPx = Math.max(24, input.laneHeightPx ?? DEFAULT_LANE_HEIGHT_PX);
  const nightEndMs = trace.truncatedAtMs ?? trace.windowToMs;
  const context = createLayoutContext(viewport, input.describe ?? describeDefaults, nightEndMs, scenario.job.kind);
  const fontPx = input.labelFontPx ?? DEFAULT_LABEL_FONT_PX;
  const moments = input.keyMoments ?? [];
  const plan = verticalPlan(fontPx, moments.length > 0 ? (input.momentRows ?? MOMENT_ROWS) : 0);
  const serviceLanes = serviceLaneSpecs(trace, context);
  const lanes = layoutLanes(trace.replicaIds, laneHeightPx, context, serviceLanes, plan.lanesTopY);
  const replicas = layoutReplicas(trace, scenario.lock, lanes.byId, context);
  const storage = layoutStorage(trace, scenario, lanes.storage, context);
  const events = layoutEvents(
    {
      events: input.events,
      lanes,
      writes: trace.writes,
      pausesBeforeWrite: replicas.pausesBeforeWrite,
      windowFromMs: scenario.windowFromMs,
      windowToMs: scenario.windowToMs,
    },
    context,
  );
  // One placer for every label of the chart: no two label boxes intersect, whatever their kind.
  const highlight = input.highlight ?? null;
  const curtainLeft = curtainLeftPx(viewport, highlight?.curtainFromMs);
  const placer = createLabelPlacer(0, viewport.widthPx, curtainLeft);
  const fenceFontPx = fenceLabelFontPx(fontPx);
  const violations = layoutViolations(trace, plan.violationY, fontPx, placer, context);
  const writeFontPx = writeLabelFontPx(Math.round(fontPx * 0.8), WRITE_ROW_PX);
  const writes = placeWriteLabels(storage.writes, writeFontPx, placer, context, highlight);
  const momentLabels = layoutMoments(moments, plan, fontPx, momentAnchors(trace, lanes), placer, context);
  // After the writes' and the moments' words: a fence value gives way to them.
  const fenceLabels = layoutFenceLabels(storage.fenceSteps, fenceFontPx, placer);
  const plotHeightPx = lanes.bottomY + CHART_BOTTOM_PADDING_PX;
  const laneLabelSide = input.laneLabelSide ?? 'left';
  const ticks = timeTicks(viewport);
  const tickText = input.tickText ?? ((label: string) => label);
  return {
    viewport,
    windowFromMs: scenario.windowFromMs,
    windowToMs: scenario.windowToMs,
    // Labels on the right keep the whole gutter, plus the small margin left of the plot.
    widthPx: LANE_LABEL_WIDTH_PX + viewport.widthPx + (laneLabelSide === 'left' ? 0 : PLOT_MARGIN_LEFT_PX),
    displayScale: input.displayScale ?? 1,
    laneHeightPx,
    heightPx: plotHeightPx,
    // The gutter for the lane labels is left of the plot, or right of it: the plot's own
    // coordinates (and so every mark's x) are the same either way.
    plotLeftPx: laneLabelSide === 'left' ? LANE_LABEL_WIDTH_PX : PLOT_MARGIN_LEFT_PX,
    laneLabelSide,
    plotTopPx: 0,
    plotHeightPx,
    axisY: plan.axisY,
    violationY: plan.violationY,
    lanesTopY: plan.lanesTopY,
    lanesBottomY: lanes.bottomY,
    lanes: lanes.lanes,
    ticks: input.tickText ? ticks.map((tick) => ({ ...tick, label: tickText(tick.label) })) : ticks,
    activityBands: replicas.activityBands,
    processBands: replicas.processBands,
    beliefBars: replicas.beliefBars,
    leaseBars: layoutLeases(trace, lanes.lock, context, fontPx),
    lockRows: layoutLockRows(trace, lanes.lock, context),
    serviceSpans: layoutServiceSpans(trace, lanes.byId, serviceLanes, context),
    fenceSteps: storage.fenceSteps,
    fenceLabels,
    fenceLabelFontPx: fenceFontPx,
    writes,
    writeArrows: layoutWriteArrows(writes, lanes.byId, context),
    momentLabels,
    labelFontPx: fontPx,
    writeLabelFontPx: writeFontPx,
    momentsTopY: plan.momentsTopY,
    writeLinks: storage.writeLinks,
    zombies: layoutZombies(trace, plan.lanesTopY, lanes.bottomY, context),
    violations,
    handles: events.handles,
    unplacedEvents: events.unplaced,
  };
}

/** Where each kind of moment happens: writes on storage, the lock's story on the lock lane. */
function momentAnchors(trace: Trace, lanes: ReturnType<typeof layoutLanes>): MomentAnchors {
  const replicaIndex = new Map(trace.replicaIds.map((id, index) => [id, index]));
  const redisPrimary = lanes.byId.get('redis:primary') ?? lanes.lock;
  return {
    laneOf(moment) {
      switch (moment.kind) {
        case 'write':
          return lanes.storage;
        case 'grant':
        case 'leaseExpires':
        case 'release':
        case 'forcedExpiry':
        case 'sessionEnded':
          return lanes.lock;
        case 'redisPrimaryDown':
        case 'redisPromoted':
          return redisPrimary;
        case 'runMissed':
          return null;
        default:
          return moment.replica === null ? lanes.lock : (lanes.byId.get(moment.replica) ?? null);
      }
    },
    anchorY(moment, lane) {
      if (moment.kind === 'write') return writeRowY(lanes.storage, replicaIndex.get(moment.replica ?? '') ?? 0);
      return lane === null ? (lanes.lanes[0]?.y ?? 0) : lane.y + lane.height / 2;
    },
  };
}
