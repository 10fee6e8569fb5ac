/**
 * `layoutTimeline()`: the night as geometry, the pure step between the trace and the SVG
 * (STYLE.md: layout -> geometry -> D3 join). Lanes first, then each lane's marks in one pass
 * over the part of the trace it draws, then what went wrong and the event handles on top.
 * O(entries + events); no DOM, no clock, the same input gives the same geometry.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { EventDocument } from '../model/scenarioSchema';
import type { Trace } from '../sim/trace';
import { type Describe, describeDefaults } from './describeDefaults';
import type { TimelineGeometry } from './geometry';
import { layoutViolations, layoutZombies } from './layoutAnnotations';
import { createLayoutContext } from './layoutContext';
import { layoutEvents } from './layoutEvents';
import {
  AXIS_Y_PX,
  DEFAULT_LANE_HEIGHT_PX,
  LANE_LABEL_WIDTH_PX,
  LANES_TOP_PX,
  layoutLanes,
  VIOLATION_Y_PX,
} from './layoutLanes';
import { layoutLeases, layoutLockRows } from './layoutLock';
import { layoutReplicas } from './layoutReplicas';
import { layoutServiceSpans, serviceLaneSpecs } from './layoutServices';
import { layoutStorage } from './layoutStorage';
import { timeTicks } from './timeScale';
import { clampViewport, type Viewport } from './viewport';

export interface TimelineLayoutInput {
  readonly trace: Trace;
  readonly scenario: ResolvedScenario;
  /** The document's events (for the handles; their index is the edit's index). */
  readonly events: readonly EventDocument[];
  readonly viewport: Viewport;
  readonly laneHeightPx?: number;
  /** Words and accessible names; English by default. */
  readonly describe?: Describe;
}

const BOTTOM_PADDING_PX = 4;

/** Pure: the geometry of the whole chart for one trace and viewport. */
export function layoutTimeline(input: TimelineLayoutInput): TimelineGeometry {
  const { trace, scenario } = input;
  const viewport = clampViewport(input.viewport);
  const laneHeightPx = Math.max(24, input.laneHeightPx ?? DEFAULT_LANE_HEIGHT_PX);
  const nightEndMs = trace.truncatedAtMs ?? trace.windowToMs;
  const context = createLayoutContext(viewport, input.describe ?? describeDefaults, nightEndMs, scenario.job.kind);
  const serviceLanes = serviceLaneSpecs(trace, context);
  const lanes = layoutLanes(trace.replicaIds, laneHeightPx, context, serviceLanes);
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
  const plotHeightPx = lanes.bottomY + BOTTOM_PADDING_PX;
  return {
    viewport,
    windowFromMs: scenario.windowFromMs,
    windowToMs: scenario.windowToMs,
    widthPx: LANE_LABEL_WIDTH_PX + viewport.widthPx,
    heightPx: plotHeightPx,
    plotLeftPx: LANE_LABEL_WIDTH_PX,
    plotTopPx: 0,
    plotHeightPx,
    axisY: AXIS_Y_PX,
    violationY: VIOLATION_Y_PX,
    lanesTopY: LANES_TOP_PX,
    lanesBottomY: lanes.bottomY,
    lanes: lanes.lanes,
    ticks: timeTicks(viewport),
    activityBands: replicas.activityBands,
    processBands: replicas.processBands,
    beliefBars: replicas.beliefBars,
    leaseBars: layoutLeases(trace, lanes.lock, context),
    lockRows: layoutLockRows(trace, lanes.lock, context),
    serviceSpans: layoutServiceSpans(trace, lanes.byId, serviceLanes, context),
    fenceSteps: storage.fenceSteps,
    writes: storage.writes,
    writeLinks: storage.writeLinks,
    zombies: layoutZombies(trace, LANES_TOP_PX, lanes.bottomY, context),
    violations: layoutViolations(trace, context),
    handles: events.handles,
    unplacedEvents: events.unplaced,
  };
}
