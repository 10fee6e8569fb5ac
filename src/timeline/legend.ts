/**
 * The chart's key: which kinds of mark a night uses, each with a swatch that is one of that
 * night's own marks moved into a small box. A swatch is a `TimelineGeometry` like the chart's,
 * so the legend draws it with `drawTimeline()` and the chart's classes and styles: the key and
 * the chart cannot drift apart. Pure; the words are the app's (keyed by `LegendItem.key`).
 */
import type { ActivityName, Band, EventType, TimelineGeometry } from './geometry';
import type { ServiceTone } from './serviceIntervals';

export const SWATCH_WIDTH_PX = 60;
export const SWATCH_HEIGHT_PX = 24;

/** Activities that share a colour share an entry (timeline.css). */
const ACTIVITY_GROUPS: readonly (readonly [string, readonly ActivityName[]])[] = [
  ['lockStep', ['dueCheck', 'acquiring']],
  ['tokenStep', ['fencing', 'minting', 'checkingHolder']],
  ['loading', ['loading']],
  ['computing', ['computing']],
  ['writing', ['writing']],
  ['finishing', ['markingDone', 'recording']],
  ['releasing', ['releasing']],
];
const SERVICE_TONES: readonly ServiceTone[] = ['held', 'stale', 'waiting', 'down', 'claimed', 'sent'];
/** Narrower than this on the chart, a lock step is a tick (a poll that found the lock taken). */
const TICK_MAX_PX = 3;

export interface LegendItem {
  /** `activity.writing`, `write.stale`, `event.pause`...: the app's words for it. */
  readonly key: string;
  readonly swatch: TimelineGeometry;
}

/** An empty swatch: the chart's geometry with nothing in it, SWATCH_WIDTH_PX wide. */
function emptySwatch(): TimelineGeometry {
  return {
    viewport: { fromMs: 0, toMs: 1, widthPx: SWATCH_WIDTH_PX },
    windowFromMs: 0,
    windowToMs: 1,
    widthPx: SWATCH_WIDTH_PX,
    heightPx: SWATCH_HEIGHT_PX,
    displayScale: 1,
    laneHeightPx: SWATCH_HEIGHT_PX,
    plotLeftPx: 0,
    plotTopPx: 0,
    plotHeightPx: SWATCH_HEIGHT_PX,
    axisY: 0,
    violationY: 12,
    lanesTopY: 2,
    lanesBottomY: SWATCH_HEIGHT_PX - 2,
    lanes: [],
    ticks: [],
    activityBands: [],
    processBands: [],
    beliefBars: [],
    leaseBars: [],
    lockRows: [],
    serviceSpans: [],
    fenceSteps: [],
    fenceLabels: [],
    fenceLabelFontPx: 10,
    writes: [],
    writeArrows: [],
    momentLabels: [],
    labelFontPx: 11,
    writeLabelFontPx: 9,
    momentsTopY: 0,
    writeLinks: [],
    zombies: [],
    violations: [],
    handles: [],
    unplacedEvents: [],
  };
}

/** A band moved into the swatch: most of its width, `heightPx` tall, centred. */
function inBox<T extends Band>(band: T, heightPx = 10, widthPx = SWATCH_WIDTH_PX - 8): T {
  const x = (SWATCH_WIDTH_PX - widthPx) / 2;
  return { ...band, key: 'legend', x, width: widthPx, y: (SWATCH_HEIGHT_PX - heightPx) / 2, height: heightPx };
}

const MID_X = SWATCH_WIDTH_PX / 2;
const MID_Y = SWATCH_HEIGHT_PX / 2;

/**
 * Pure: the key to every kind of mark in `night` (lay it out over its whole window, so what is
 * scrolled out of view counts too), in the order a reader meets them, top lane to bottom.
 */
export function legendItems(night: TimelineGeometry): LegendItem[] {
  const items: LegendItem[] = [];
  const add = (key: string, marks: Partial<TimelineGeometry>) =>
    items.push({ key, swatch: { ...emptySwatch(), ...marks } });

  for (const [group, activities] of ACTIVITY_GROUPS) {
    const bands = night.activityBands.filter((band) => activities.includes(band.activity));
    const wide = bands.find((band) => band.width > TICK_MAX_PX);
    if (wide) add(`activity.${group}`, { activityBands: [{ ...inBox(wide, 10), label: null }] });
    const tick = group === 'lockStep' ? bands.find((band) => band.width <= TICK_MAX_PX) : undefined;
    if (tick) add('activity.tick', { activityBands: [{ ...inBox(tick, 14, 1.5), label: null }] });
  }
  for (const state of ['paused', 'down'] as const) {
    const band = night.processBands.find((candidate) => candidate.state === state);
    if (band) add(`process.${state}`, { processBands: [inBox(band, 14)] });
  }
  const held = night.beliefBars.find((bar) => !bar.outlivedLease);
  if (held) add('belief.held', { beliefBars: [{ ...inBox(held, 8), expiryX: null }] });
  const outlived = night.beliefBars.find((bar) => bar.outlivedLease);
  if (outlived) add('belief.outlived', { beliefBars: [{ ...inBox(outlived, 8), expiryX: null }] });
  const expiring = night.beliefBars.find((bar) => bar.expiryX !== null);
  if (expiring) add('belief.expiry', { beliefBars: [{ ...inBox(expiring, 8), expiryX: MID_X }] });

  const lease = night.leaseBars.find((bar) => bar.endReason !== 'forced');
  const leaseInBox = (bar: NonNullable<typeof lease>) => ({
    ...inBox(bar, 12),
    endX: SWATCH_WIDTH_PX - 6,
    label: '',
    labelX: null,
  });
  if (lease) add('lease.held', { leaseBars: [leaseInBox(lease)] });
  const forced = night.leaseBars.find((bar) => bar.endReason === 'forced');
  if (forced) add('lease.forced', { leaseBars: [leaseInBox(forced)] });
  const row = night.lockRows.find((span) => span.width > 0);
  if (row) add('lockRow', { lockRows: [{ ...inBox(row, 6), index: 1 }] });

  for (const tone of SERVICE_TONES) {
    const span = night.serviceSpans.find((candidate) => candidate.tone === tone);
    if (span) add(`service.${tone}`, { serviceSpans: [{ ...inBox(span, 12), label: null }] });
  }

  const fence = night.fenceSteps[0];
  if (fence) add('fence', { fenceSteps: [{ ...fence, key: 'legend', x: 4, width: 40, y: MID_Y + 4 }] });
  for (const result of ['accepted', 'stale', 'duplicate'] as const) {
    const write = night.writes.find((candidate) => candidate.result === result && !candidate.doubleApplied);
    const any = write ?? night.writes.find((candidate) => candidate.result === result);
    if (any)
      add(`write.${result}`, {
        writes: [{ ...any, key: 'legend', x: MID_X, y: MID_Y, doubleApplied: false, label: null, labelBox: null }],
      });
  }
  const doubled = night.writes.filter((write) => write.doubleApplied);
  const [first, second] = doubled;
  if (first && second) {
    const at = (write: typeof first, x: number, key: string) => ({
      ...write,
      key,
      x,
      y: MID_Y + 3,
      label: null,
      labelBox: null,
    });
    add('write.twice', {
      writes: [at(first, 10, 'legend-a'), at(second, SWATCH_WIDTH_PX - 10, 'legend-b')],
      writeLinks: [
        { key: 'legend', order: first.order, x0: 10, y0: MID_Y + 3, x1: SWATCH_WIDTH_PX - 10, y1: MID_Y + 3 },
      ],
    });
  }

  // A write drawn as a sequence diagram does: from the writer's lane down to the storage.
  for (const result of ['accepted', 'stale', 'duplicate'] as const) {
    const arrow = night.writeArrows.find((candidate) => candidate.result === result);
    if (arrow)
      add(`arrow.${result}`, {
        writeArrows: [{ ...arrow, key: 'legend', x0: 10, y0: 3, x1: SWATCH_WIDTH_PX - 10, y1: SWATCH_HEIGHT_PX - 4 }],
      });
  }
  const moment = momentSwatch(night);
  if (moment) add('moment', { momentLabels: [moment] });

  const zombie = night.zombies[0];
  if (zombie)
    add('zombie', {
      zombies: [{ ...zombie, key: 'legend', x: 4, width: SWATCH_WIDTH_PX - 8, y: 1, height: SWATCH_HEIGHT_PX - 2 }],
    });
  const violation = night.violations[0];
  if (violation) {
    const dx = MID_X - violation.x;
    const dy = MID_Y + 4 - violation.y;
    const markBox = { ...violation.markBox, x: violation.markBox.x + dx, y: violation.markBox.y + dy };
    add('violation', {
      violations: [{ ...violation, key: 'legend', x: MID_X, y: MID_Y + 4, markBox, text: null, textBox: null }],
    });
  }

  const seen = new Set<EventType>();
  for (const handle of night.handles) {
    if (seen.has(handle.type)) continue;
    seen.add(handle.type);
    const x0Px = handle.kind === 'span' ? 6 : MID_X;
    const x1Px = handle.kind === 'span' ? SWATCH_WIDTH_PX - 6 : MID_X;
    add(`event.${handle.type}`, {
      handles: [{ ...handle, key: 'legend', x0Px, x1Px, x: x0Px, width: x1Px - x0Px, y: 5, height: 14, label: null }],
    });
  }
  add('playhead', {});
  return items;
}

/** The night's shortest key-moment label, cut to fit a swatch, with its guide down the box. */
function momentSwatch(night: TimelineGeometry): TimelineGeometry['momentLabels'][number] | null {
  const [shortest] = [...night.momentLabels].sort((a, b) => a.text.length - b.text.length);
  if (shortest === undefined) return null;
  const text = shortest.text.length <= 8 ? shortest.text : `${shortest.text.slice(0, 7)}…`;
  return {
    ...shortest,
    key: 'legend',
    text,
    anchor: 'start',
    anchorX: 6,
    anchorY: SWATCH_HEIGHT_PX - 1,
    box: { x: 2, y: 1, width: SWATCH_WIDTH_PX - 4, height: 12 },
  };
}

/** The x at which a legend swatch draws its playhead (only the `playhead` item has one). */
export const SWATCH_PLAYHEAD_X = MID_X;
