import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import { loadScenarioValue } from '../model/loadScenario';
import type { EventDocument } from '../model/scenarioSchema';
import { findPreset } from '../presets/catalogue';
import { describeDefaults } from './describeDefaults';
import type { TimelineGeometry } from './geometry';
import { describeLockRow, lockRowAt } from './layoutLock';
import { layoutTimeline } from './layoutTimeline';
import { msToPx, type Viewport, windowViewport } from './viewport';

const H = 3_600_000;
const at = (h: number, m: number, s = 0, ms = 0) => h * H + m * 60_000 + s * 1000 + ms;

/** The preset's events as a validated document holds them. */
function presetEvents(id: string): EventDocument[] {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  const loaded = loadScenarioValue(preset.document, `${id}.json`);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return [...(loaded.document.events ?? [])];
}

function night(id: string, viewport?: Viewport): { geometry: TimelineGeometry; viewport: Viewport } {
  const run = runPreset(id);
  const events = presetEvents(id);
  const view = viewport ?? windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 1200);
  return {
    geometry: layoutTimeline({ trace: run.trace, scenario: run.scenario, events, viewport: view }),
    viewport: view,
  };
}

describe('layoutTimeline on S07, fencing off', () => {
  const { geometry, viewport } = night('s07-fencing-off');

  it('has a lane per replica in order, then lock, then storage', () => {
    expect(geometry.lanes.map((lane) => [lane.id, lane.kind, lane.label])).toEqual([
      ['A', 'replica', 'Replica A'],
      ['B', 'replica', 'Replica B'],
      ['C', 'replica', 'Replica C'],
      ['lock', 'lock', 'Lock'],
      ['storage', 'storage', 'Storage'],
    ]);
    const ys = geometry.lanes.map((lane) => lane.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });

  it('draws two lease bars, A · token 7 and B · token 8, at their true times', () => {
    const bars = geometry.leaseBars;
    expect(bars.map((bar) => bar.label)).toEqual(['A · token 7', 'B · token 8']);
    const [a, b] = bars;
    expect(a?.x).toBeCloseTo(msToPx(viewport, at(2, 0, 0, 2)), 9);
    expect(a?.endX).toBeCloseTo(msToPx(viewport, at(2, 5, 0, 2)), 9);
    expect(b?.x).toBeCloseTo(msToPx(viewport, at(2, 5, 10, 3)), 9);
    // B released at 02:07:10.003, before its lock_until of 02:10:10.003.
    expect(b?.endMs).toBe(at(2, 7, 10, 3));
    expect(b?.endReason).toBe('released');
    expect(a?.endValueText).toBe('02:05:00.002');
  });

  it("shows A's belief outliving its lease, apart from the truth", () => {
    const a = geometry.beliefBars.find((bar) => bar.replica === 'A');
    expect(a).toMatchObject({ token: 7, fromMs: at(2, 0, 0, 2), toMs: at(2, 9, 0, 2), outlivedLease: true });
    expect(a?.believedUntilLocalMs).toBe(at(2, 5, 0, 2));
    expect(a?.expiryX).toBeCloseTo(msToPx(viewport, at(2, 5, 0, 2)), 9);
    expect(a?.label).toBe('A believes it holds token 7, until 02:05:00.002 by its clock');
    const b = geometry.beliefBars.find((bar) => bar.replica === 'B');
    expect(b).toMatchObject({ token: 8, fromMs: at(2, 5, 10, 3), toMs: at(2, 7, 10, 3), outlivedLease: false });
    // B let go before its own reckoned expiry (02:10:10.003): no tick past the end of its bar.
    expect(b?.believedUntilLocalMs).toBe(at(2, 10, 10, 3));
    expect(b?.expiryX).toBeNull();
  });

  it("overlays A's pause on its activity", () => {
    expect(geometry.processBands).toHaveLength(1);
    expect(geometry.processBands[0]).toMatchObject({
      laneId: 'A',
      state: 'paused',
      cause: 'pause',
      fromMs: at(2, 1, 30),
      toMs: at(2, 7, 30),
    });
    const computing = geometry.activityBands.find((band) => band.laneId === 'A' && band.fromMs === at(2, 1, 20, 2));
    expect(computing).toMatchObject({ activity: 'computing', toMs: at(2, 7, 50) });
    // Its word is not written under the pause: the 10 s before it and the 20 s after it are
    // too narrow for it, so the band goes unlabelled (the legend names its colour).
    expect(computing?.label).toBeNull();
  });

  it('writes an activity’s word past a pause drawn over its start, where there is room', () => {
    // Three times wider: the 10 s before the pause are still too narrow, the 20 s after it are not.
    const wide = night('s07-fencing-off', { ...viewport, widthPx: 3 * viewport.widthPx }).geometry;
    const computing = wide.activityBands.find((band) => band.laneId === 'A' && band.fromMs === at(2, 1, 20, 2));
    const pause = wide.processBands[0];
    expect(computing?.label).toBe('computing');
    expect(computing?.labelX).toBeGreaterThanOrEqual((pause?.x ?? 0) + (pause?.width ?? 0));
  });

  it('flags the doubly-applied orders on both writes and joins them', () => {
    const doubled = geometry.writes.filter((write) => write.doubleApplied).map((write) => write.key);
    expect(doubled).toEqual(['B:1003:0', 'B:1004:0', 'B:1005:0', 'A:1003:0', 'A:1004:0', 'A:1005:0']);
    expect(geometry.writeLinks.map((link) => link.key)).toEqual([
      'B:1003:0>A:1003:0',
      'B:1004:0>A:1004:0',
      'B:1005:0>A:1005:0',
    ]);
    const late = geometry.writes.find((write) => write.key === 'A:1003:0');
    expect(late?.x).toBeCloseTo(msToPx(viewport, at(2, 7, 50, 2)), 9);
    expect(late?.shape).toBe('circle');
    expect(late?.ariaLabel).toBe('Write of order 1003 by A, token 7, accepted, applied more than once');
  });

  it('shades the zombie window until A stops believing, and marks the violations in words, one mark per instant', () => {
    expect(geometry.zombies).toHaveLength(1);
    expect(geometry.zombies[0]).toMatchObject({ fromMs: at(2, 5, 10, 3), toMs: at(2, 9, 0, 2), zombies: ['A'] });
    expect(geometry.zombies[0]?.y).toBe(geometry.lanesTopY);
    expect(geometry.zombies[0]?.height).toBe(geometry.lanesBottomY - geometry.lanesTopY);
    // I3 and I4 share 02:07:50.002 (and each later doubled write): one mark each time, count 2.
    expect(geometry.violations.map((marker) => [marker.invariants.join('+'), marker.count])).toEqual([
      ['I2', 1],
      ['I3+I4', 2],
      ['I3+I4', 2],
      ['I3+I4', 2],
    ]);
    expect(geometry.violations[0]?.text).toBe('two believers');
    // 30 s apart at this width: the words where they fit (the last); the marks before it, whose
    // word is told there, go without a code (it is in their names) rather than read "I3·I4".
    expect(geometry.violations.slice(1).map((marker) => marker.text)).toEqual([null, null, 'applied twice']);
    expect(geometry.violations[1]?.label).toBe('2 problems at 02:07:50: applied twice (I3), stale token accepted (I4)');
    // No two marks at one place: clusters are at least a mark's width apart.
    const xs = geometry.violations.map((marker) => marker.x);
    for (let index = 1; index < xs.length; index++)
      expect((xs[index] ?? 0) - (xs[index - 1] ?? 0)).toBeGreaterThanOrEqual(14);
  });

  it("gives A's pause a slider name and value text", () => {
    expect(geometry.handles).toHaveLength(1);
    expect(geometry.handles[0]).toMatchObject({
      eventIndex: 0,
      type: 'pause',
      laneId: 'A',
      kind: 'span',
      edges: 'both',
      label: 'GC pause',
      ariaLabel: 'Pause, replica A',
      ariaValueText: '02:01:30 to 02:07:30',
      valueNowMs: at(2, 1, 30),
      valueMinMs: at(2, 0),
      valueMaxMs: at(2, 12),
    });
    expect(geometry.handles[0]?.x0Px).toBeCloseTo(msToPx(viewport, at(2, 1, 30)), 9);
    expect(geometry.handles[0]?.x1Px).toBeCloseTo(msToPx(viewport, at(2, 7, 30)), 9);
  });

  it('keeps every lock-row state so the row can be read at any instant', () => {
    expect(lockRowAt(geometry.lockRows, at(2, 6))?.row).toMatchObject({ lockedBy: 'orders-1', fencingToken: 8 });
    expect(lockRowAt(geometry.lockRows, at(2, 1))?.row).toMatchObject({ lockedBy: 'orders-0', fencingToken: 7 });
    expect(lockRowAt(geometry.lockRows, at(1, 59))).toBeNull();
    const late = lockRowAt(geometry.lockRows, at(2, 8));
    expect(late && describeLockRow(late.row, describeDefaults)).toBe(
      'lock_until 02:07:10.003, locked_by orders-1, fencing_token 8',
    );
  });

  it('puts the axis ticks on round minutes', () => {
    expect(geometry.ticks[0]?.label).toBe('02:00');
    expect(geometry.ticks.at(-1)?.label).toBe('02:12');
  });
});

describe('layoutTimeline on S07, fencing on', () => {
  const { geometry } = night('s07-fencing-on');

  it("draws A's stale write as a cross, named by its order, writer and token", () => {
    const stale = geometry.writes.filter((write) => write.result === 'stale');
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({ replica: 'A', order: 1003, token: 7, shape: 'cross', label: '#1003 A·7' });
    // As a sequence diagram draws it: from A's lane when sent, down to storage when decided.
    const arrow = geometry.writeArrows.find((candidate) => candidate.writeId === stale[0]?.writeId);
    const laneA = geometry.lanes.find((lane) => lane.id === 'A');
    expect(arrow?.result).toBe('stale');
    expect(arrow?.y0).toBeGreaterThan(laneA?.y ?? Number.NaN);
    expect(arrow?.y0).toBeLessThan((laneA?.y ?? 0) + (laneA?.height ?? 0));
    expect(arrow?.y1).toBeLessThan(stale[0]?.y ?? 0);
    expect(stale[0]?.ariaLabel).toBe('Write of order 1003 by A, token 7, stale');
    expect(geometry.writes.every((write) => !write.doubleApplied)).toBe(true);
    expect(geometry.writeLinks).toEqual([]);
  });

  it('shades the zombie window from 02:05:10 to 02:07:50', () => {
    expect(geometry.zombies.map((zombie) => [zombie.fromMs, zombie.toMs])).toEqual([
      [at(2, 5, 10, 3), at(2, 7, 50, 2)],
    ]);
    expect(geometry.zombies[0]?.label).toBe(
      'Zombie window: A still believed it held the lock after B took it, 02:05:10.003 to 02:07:50.002',
    );
  });

  it('steps the fence row from storage.lastToken through each change', () => {
    expect(geometry.fenceSteps.map((step) => [step.lastToken, step.fromMs])).toEqual([
      [6, at(2, 0)],
      [7, at(2, 0, 0, 2)],
      [8, at(2, 5, 10, 3)],
    ]);
    const [six, seven, eight] = geometry.fenceSteps;
    expect(six && seven && eight && six.y > seven.y && seven.y > eight.y).toBe(true);
  });
});

describe('layoutTimeline culling and words', () => {
  it('culls marks outside the viewport but keeps positions and every handle', () => {
    const view: Viewport = { fromMs: at(2, 6), toMs: at(2, 7), widthPx: 600 };
    const { geometry } = night('s07-fencing-off', view);
    expect(geometry.leaseBars.map((bar) => bar.label)).toEqual(['B · token 8']);
    expect(geometry.leaseBars[0]?.x).toBe(-8);
    expect(geometry.writes.map((write) => write.key)).toEqual(['B:1003:0', 'B:1004:0']);
    expect(geometry.writes[0]?.x).toBeCloseTo(msToPx(view, at(2, 6, 0, 3)), 9);
    expect(geometry.handles).toHaveLength(1);
    expect(geometry.handles[0]?.x0Px).toBeCloseTo(msToPx(view, at(2, 1, 30)), 9);
    expect(geometry.handles[0]?.x).toBe(-8);
    for (const band of geometry.activityBands) {
      expect(band.toMs).toBeGreaterThanOrEqual(view.fromMs);
      expect(band.fromMs).toBeLessThanOrEqual(view.toMs);
    }
    // The lock rows are all kept, for lockRowAt.
    expect(geometry.lockRows.length).toBeGreaterThan(2);
  });

  it('routes every word through the injected describe', () => {
    const run = runPreset('s07-fencing-off');
    const events: EventDocument[] = [{ type: 'pause', replica: 'A', at: '02:01:30', for: '6m' }];
    const geometry = layoutTimeline({
      trace: run.trace,
      scenario: run.scenario,
      events,
      viewport: windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 800),
      describe: (key, params) => `${key}${JSON.stringify(params)}`,
    });
    expect(geometry.handles[0]?.ariaLabel).toBe('event.pause{"replica":"A"}');
    expect(geometry.handles[0]?.ariaValueText).toBe('value.span{"from":"02:01:30","to":"02:07:30"}');
    expect(geometry.lanes[3]?.label).toBe('lane.lock{}');
    expect(geometry.leaseBars[0]?.label).toBe('lease.token{"replica":"A","token":7}');
  });

  it('is deterministic', () => {
    expect(night('s07-fencing-on').geometry).toEqual(night('s07-fencing-on').geometry);
  });
});

describe('layoutTimeline with the lane labels on the right (a right-to-left reader)', () => {
  const run = runPreset('s07-fencing-off');
  const viewport = windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 1200);
  const input = { trace: run.trace, scenario: run.scenario, events: presetEvents('s07-fencing-off'), viewport };
  const left = layoutTimeline(input);
  const right = layoutTimeline({ ...input, laneLabelSide: 'right', tickText: (label) => `[${label}]` });

  it('moves the gutter, not the plot: every mark keeps its x, time still runs left to right', () => {
    expect(right.laneLabelSide).toBe('right');
    // A margin for the first axis label on the left, the rest of the gutter on the right.
    expect(right.plotLeftPx).toBeGreaterThan(0);
    expect(right.plotLeftPx).toBeLessThan(left.plotLeftPx);
    // The whole gutter on the right, and a margin for the first axis label on the left.
    expect(right.widthPx - right.plotLeftPx - right.viewport.widthPx).toBe(left.plotLeftPx);
    expect(right.writes).toEqual(left.writes);
    expect(right.momentLabels).toEqual(left.momentLabels);
    const xs = right.ticks.map((tick) => tick.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(right.ticks.map((tick) => tick.x)).toEqual(left.ticks.map((tick) => tick.x));
  });

  it('writes the axis labels through the given digits', () => {
    expect(right.ticks.map((tick) => tick.label)).toEqual(left.ticks.map((tick) => `[${tick.label}]`));
  });
});
