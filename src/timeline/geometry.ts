/**
 * What `layoutTimeline()` computes and `drawTimeline()` draws: every mark of the night as plain
 * numbers and strings, in plot pixels (x = 0 at the viewport's `fromMs`; the drawer shifts the
 * plot right by `plotLeftPx` to make room for lane labels). No DOM, no behaviour.
 *
 * Convention for anything with a time extent: `fromMs`/`toMs` are the true times, `x`/`width`
 * the drawn rectangle clipped to a little beyond the plot (so a bar 20 hours long at
 * millisecond zoom stays a sane number of pixels), and where the exact end matters for
 * interaction (handles, lease ends) `x0Px`/`x1Px`/`endX` are the unclipped positions.
 */
import type { EventDocument } from '../model/scenarioSchema';
import type { GrantRecord, LockRowView, ProcessCause, TraceEntry, WriteResultValue } from '../sim/trace';
import type { LabelBox } from './labelPlacement';
import type { ServiceTone } from './serviceIntervals';
import type { AxisTick } from './timeScale';
import type { Viewport } from './viewport';

/** A replica's machine activity (the trace's `activity` entries). */
/** The side of the plot the lane labels stand on. */
export type LaneLabelSide = 'left' | 'right';

export type ActivityName = Extract<TraceEntry, { kind: 'activity' }>['to'];
export type EventType = EventDocument['type'];
export type LaneKind = 'replica' | 'lock' | 'service' | 'storage';
/** A distinct shape per write result, so colour is never the only cue. */
export type WriteShape = 'circle' | 'cross' | 'diamond';

export interface LaneGeometry {
  /** The replica id, `lock`, `storage`, or a service stream (`redis:primary`, `lease`, `keys`, `outbox`). */
  readonly id: string;
  readonly kind: LaneKind;
  readonly y: number;
  readonly height: number;
  readonly label: string;
  /** Where event handles sit inside the lane (top and height). */
  readonly trackY: number;
  readonly trackHeight: number;
}

/** A rectangle over a stretch of true time on one lane. */
export interface Band {
  /** Stable join key: the same mark keeps its key from one re-simulation to the next. */
  readonly key: string;
  readonly laneId: string;
  readonly fromMs: number;
  readonly toMs: number;
  readonly x: number;
  readonly width: number;
  readonly y: number;
  readonly height: number;
}

export interface ActivityBand extends Band {
  readonly activity: ActivityName;
  /** Text drawn inside the band, or null when the band is too narrow for it. */
  readonly label: string | null;
  /**
   * Where the text starts, when not at the band's left edge: past a pause or a crash drawn over
   * the band's start (layoutReplicas.ts), so the word is never hidden under it.
   */
  readonly labelX?: number;
}

/** The process overlay: paused (stop-the-world) or down (crashed, exited). */
export interface ProcessBand extends Band {
  readonly state: 'paused' | 'down';
  readonly cause: ProcessCause;
  readonly label: string;
}

/**
 * What a replica believes it holds, on its own lane under its activity: apart from the truth
 * (the lease bars on the lock lane).
 */
export interface BeliefBar extends Band {
  readonly replica: string;
  readonly grantId: number;
  readonly token: number | null;
  /** Expiry as the replica reckons it, on its own wall clock; null when the lock has none. */
  readonly believedUntilLocalMs: number | null;
  /** Plot x where that expiry falls (unclipped); null when none, or when the belief ended first. */
  readonly expiryX: number | null;
  /** True when the belief outlived the lease it came from (the replica is a zombie). */
  readonly outlivedLease: boolean;
  readonly label: string;
}

export interface LeaseBar extends Band {
  readonly grantId: number;
  readonly replica: string;
  readonly token: number | null;
  readonly grantMs: number;
  /** `validUntilMs`: forced expiry or release if earlier, else when `lock_until` falls due. */
  readonly endMs: number;
  readonly endReason: GrantRecord['endReason'];
  /** Unclipped plot x of the end (the lease-end drag handle). */
  readonly endX: number;
  /** `A · token 7`. */
  readonly label: string;
  /** Where the label is written (its left edge, plot px), or null: no room (layoutLeaseLabels.ts). */
  readonly labelX: number | null;
  readonly endAriaLabel: string;
  /** The end as a time of night, `02:05:00.002`. */
  readonly endValueText: string;
}

/** The `shedlock` row from one change to the next. */
export interface LockRowSpan extends Band {
  /** Position in the night's sequence of row states (for alternating shades). */
  readonly index: number;
  readonly row: LockRowView;
}

/**
 * What a coordination service held over a stretch of time, on its mechanism lane: a Redis
 * node's lock key, the Lease record's term, an etcd / ZooKeeper key, an outbox row's claim.
 */
export interface ServiceSpan extends Band {
  readonly tone: ServiceTone;
  /** The replica's position in the lanes (for its shade), or null. */
  readonly replicaIndex: number | null;
  /** Text drawn inside the bar, or null when none or too narrow. */
  readonly label: string | null;
}

/** The fence row's `last_token` from one change to the next; drawn as a step line. */
export interface FenceStep {
  readonly key: string;
  readonly fromMs: number;
  readonly toMs: number;
  readonly x: number;
  readonly width: number;
  readonly y: number;
  readonly lastToken: number;
}

/** A `last_token` value written above its step (layoutFenceLabels.ts). */
export interface FenceLabel {
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly text: string;
}

export interface WriteMarker {
  /** `replica:order:n`, stable while writes keep their order. */
  readonly key: string;
  readonly writeId: number;
  readonly replica: string;
  readonly order: number;
  readonly token: number | null;
  readonly result: WriteResultValue;
  readonly shape: WriteShape;
  readonly sentMs: number;
  readonly atMs: number;
  readonly x: number;
  readonly y: number;
  /** An accepted write of an order the ledger applied more than once. */
  readonly doubleApplied: boolean;
  /** Visible text beside the marker, `#1003 A·7` (or `#1003` when crowded); null when there is no room. */
  readonly label: string | null;
  /** Where that text sits (left edge, vertically centred on the marker); null with no label. */
  readonly labelBox: LabelBox | null;
  readonly ariaLabel: string;
}

/** A write as a sequence diagram draws it: from the writer's lane when sent to storage when decided. */
export interface WriteArrow {
  readonly key: string;
  readonly writeId: number;
  readonly result: WriteResultValue;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A key moment's words on the chart, in the strip above the lanes, with a guide down to its lane. */
export interface MomentLabel {
  /** The moment's key (`grant:B:0`), stable while the story keeps its shape. */
  readonly key: string;
  /** Index in the night's key moments. */
  readonly momentIndex: number;
  readonly atMs: number;
  readonly priority: 1 | 2 | 3;
  /** The lane the moment happens on, or null (the night as a whole). */
  readonly laneId: string | null;
  /** Plot x of the moment and y of its mark on its lane (the guide's lower end). */
  readonly anchorX: number;
  readonly anchorY: number;
  readonly box: LabelBox;
  /** `start`: the text begins at the moment; `end`: it ends there (no room to the right). */
  readonly anchor: 'start' | 'end';
  /** What is drawn: the sentence, or its short form when the sentence had no room. */
  readonly text: string;
  /** The full sentence (the label's title, and what the live region says). */
  readonly sentence: string;
  readonly shortened: boolean;
}

/** A line joining two accepted writes of the same doubly-applied order. */
export interface WriteLink {
  readonly key: string;
  readonly order: number;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface ZombieShade extends Band {
  readonly zombies: readonly string[];
  readonly takers: readonly string[];
  readonly label: string;
}

/**
 * One mark per cluster of violations (those at one instant, or too close to draw apart): a
 * triangle with the count, and what happened in words beside it when there is room.
 */
export interface ViolationMarker {
  readonly key: string;
  /** Index in `trace.violations` of the first of the group, so the app can show the full message. */
  readonly index: number;
  /** Every violation of the group, as indices in `trace.violations`. */
  readonly indices: readonly number[];
  /** The first one's invariant (`I3`), and all of the group's, each once, in order. */
  readonly invariant: string;
  readonly invariants: readonly string[];
  readonly count: number;
  readonly atMs: number;
  readonly x: number;
  readonly y: number;
  /** The mark's box (triangle and count), which labels keep clear of. */
  readonly markBox: LabelBox;
  /** Words beside the mark (`applied twice`), the code alone when crowded, or null. */
  readonly text: string | null;
  readonly textBox: LabelBox | null;
  /** Everything, with the codes and the time: the mark's title. */
  readonly label: string;
}

/** Which edges of a span can be dragged to resize it. */
export type HandleEdges = 'both' | 'end' | 'none';

/** A document event on its lane: a slider for keyboards, a drag target for pointers. */
export interface EventHandle {
  readonly key: string;
  /** Index in the document's `events`. */
  readonly eventIndex: number;
  readonly type: EventType;
  readonly laneId: string;
  readonly kind: 'span' | 'point';
  readonly edges: HandleEdges;
  readonly startMs: number;
  /** Equal to `startMs` for points. */
  readonly endMs: number;
  /** Unclipped plot x of the start and the end (equal for points). */
  readonly x0Px: number;
  readonly x1Px: number;
  /** Body rectangle clipped to the plot, for spans. */
  readonly x: number;
  readonly width: number;
  readonly y: number;
  readonly height: number;
  /** The file's own label (user text: draw only with `.text()`), or null. */
  readonly label: string | null;
  /** Where the label is written (its left edge, plot px), or null: none, or no room (layoutHandleLabels.ts). */
  readonly labelX: number | null;
  readonly ariaLabel: string;
  readonly ariaValueText: string;
  readonly valueMinMs: number;
  readonly valueMaxMs: number;
  readonly valueNowMs: number;
}

export interface TimelineGeometry {
  readonly viewport: Viewport;
  readonly windowFromMs: number;
  readonly windowToMs: number;
  /** Whole SVG size, lane-label gutter included. */
  readonly widthPx: number;
  readonly heightPx: number;
  /**
   * Screen pixels per layout pixel: the SVG is drawn `widthPx * displayScale` wide with the
   * layout as its viewBox, so text of 11 layout px reads as `11 * displayScale` px (chartSize.ts).
   */
  readonly displayScale: number;
  /** The replica lanes' height in layout pixels (the other lanes derive from it). */
  readonly laneHeightPx: number;
  /** The plot's offset inside the SVG: all x and y below are relative to it. */
  readonly plotLeftPx: number;
  /**
   * Which side of the plot the lane labels stand on: the side a reader starts a line from
   * (left in English, right in Arabic). Time runs left to right either way. Left if absent.
   */
  readonly laneLabelSide?: LaneLabelSide;
  readonly plotTopPx: number;
  /** Height of the plot (axis, violation strip and lanes). */
  readonly plotHeightPx: number;
  /** Baseline of the axis labels and the violation strip, plot coordinates. */
  readonly axisY: number;
  readonly violationY: number;
  /** Top and bottom of the lanes (zombie shades and the playhead span them). */
  readonly lanesTopY: number;
  readonly lanesBottomY: number;
  readonly lanes: readonly LaneGeometry[];
  readonly ticks: readonly AxisTick[];
  readonly activityBands: readonly ActivityBand[];
  readonly processBands: readonly ProcessBand[];
  readonly beliefBars: readonly BeliefBar[];
  readonly leaseBars: readonly LeaseBar[];
  /** Every lock-row state of the night, not culled, so `lockRowAt()` works for any instant. */
  readonly lockRows: readonly LockRowSpan[];
  /** The mechanism lanes' bars (Redis nodes, Lease record, keys, outbox rows), culled. */
  readonly serviceSpans: readonly ServiceSpan[];
  /** Every fence-row state of the night, not culled. */
  readonly fenceSteps: readonly FenceStep[];
  readonly fenceLabels: readonly FenceLabel[];
  readonly fenceLabelFontPx: number;
  readonly writes: readonly WriteMarker[];
  /** Each visible write from its writer's lane to storage. */
  readonly writeArrows: readonly WriteArrow[];
  /** The key moments in view that found room, in moment order. */
  readonly momentLabels: readonly MomentLabel[];
  /** Font size the labels were placed for (the drawer sets it, so estimate and text agree). */
  readonly labelFontPx: number;
  /** Font size of the write labels on the storage lane. */
  readonly writeLabelFontPx: number;
  /** Top of the strip of key-moment labels (it ends at `lanesTopY`). */
  readonly momentsTopY: number;
  readonly writeLinks: readonly WriteLink[];
  readonly zombies: readonly ZombieShade[];
  readonly violations: readonly ViolationMarker[];
  /** One per document event that could be placed; never culled (focus must survive a pan). */
  readonly handles: readonly EventHandle[];
  /** Indices of events with no place on the night (e.g. a delayWrite of a write never sent). */
  readonly unplacedEvents: readonly number[];
}
