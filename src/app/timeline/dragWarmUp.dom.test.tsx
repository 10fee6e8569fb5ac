import { afterEach, describe, expect, it } from 'vitest';
import { largeUiNightDocument } from '../../../scripts/largeUiNight';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { drawTimeline } from '../../timeline/drawTimeline';
import type { TimelineGeometry } from '../../timeline/geometry';
import { layoutTimeline } from '../../timeline/layoutTimeline';
import { windowViewport } from '../../timeline/viewport';
import { computeNight, hasNight, type Night } from '../state/night';
import {
  forgetWarmUp,
  type IdleDeadline,
  type IdleView,
  rehearseMove,
  stepWhenIdle,
  WARM_UP_MOVES,
  type WarmUpChart,
  warmUpDrag,
} from './dragWarmUp';

type ShownNight = Extract<Night, { kind: 'ok' }>;

/** A view whose idle moments come when the test says, each with `remainingMs` to spend. */
function idleView() {
  const queued: Array<(deadline: IdleDeadline) => void> = [];
  let cancelled = 0;
  const view: IdleView = {
    requestIdleCallback: (callback) => queued.push(callback),
    cancelIdleCallback: () => {
      cancelled += 1;
    },
    setTimeout: () => {
      throw new Error('idle callbacks exist: no timer expected');
    },
    clearTimeout: () => {},
  };
  return {
    view,
    /** Runs the oldest idle callback, its clock falling by `stepMs` at each look. */
    idle(remainingMs: number, stepMs = 0) {
      let left = remainingMs;
      const deadline = {
        timeRemaining: () => {
          const now = left;
          left -= stepMs;
          return now;
        },
      };
      queued.shift()?.(deadline);
    },
    queued: () => queued.length,
    cancelled: () => cancelled,
  };
}

describe('stepWhenIdle', () => {
  it('runs at least one step per idle moment, more while it has room, and stops at the count', () => {
    const { view, idle, queued } = idleView();
    const steps: number[] = [];
    stepWhenIdle(view, 5, (index) => steps.push(index) > 0);
    expect(steps).toEqual([]);
    idle(0);
    expect(steps).toEqual([0]);
    // 30 ms left, 12 ms spent per look: another step while more than 10 ms remain (30, 18).
    idle(30, 12);
    expect(steps).toEqual([0, 1, 2, 3]);
    idle(100);
    expect(steps).toEqual([0, 1, 2, 3, 4]);
    expect(queued()).toBe(0);
  });

  it('stops when a step says there is nothing to do, and when cancelled', () => {
    const first = idleView();
    const steps: number[] = [];
    stepWhenIdle(first.view, 10, (index) => {
      steps.push(index);
      return index < 1;
    });
    first.idle(100);
    expect(steps).toEqual([0, 1]);
    expect(first.queued()).toBe(0);

    const second = idleView();
    const cancel = stepWhenIdle(second.view, 10, () => {
      throw new Error('cancelled before its first step');
    });
    cancel();
    expect(second.cancelled()).toBe(1);
  });

  it('falls back to a short timer where the browser has no idle callbacks', () => {
    const timers: Array<{ run: () => void; delayMs: number }> = [];
    const cleared: number[] = [];
    const view: IdleView = {
      setTimeout: (run, delayMs) => timers.push({ run, delayMs }),
      clearTimeout: (handle) => cleared.push(handle),
    };
    const steps: number[] = [];
    const cancel = stepWhenIdle(view, 3, (index) => steps.push(index) > 0);
    timers[0]?.run();
    expect(steps).toEqual([0]);
    expect(timers.map((timer) => timer.delayMs)).toEqual([50, 50]);
    cancel();
    expect(cleared).toEqual([2]);
  });
});

/** The night on screen, drawn into the page's chart, as the controller keeps it. */
function shownChart(document: ScenarioDocument, dragging = false) {
  const night = computeNight(document) as ShownNight;
  expect(night.kind).toBe('ok');
  const viewport = windowViewport(night.scenario.windowFromMs, night.scenario.windowToMs, 1100);
  const layout = (shownDocument: ScenarioDocument, shownNight: ShownNight, view = viewport) =>
    layoutTimeline({
      trace: shownNight.trace,
      scenario: shownNight.scenario,
      events: shownDocument.events ?? [],
      viewport: view,
      keyMoments: shownNight.keyMoments,
    });
  const geometry = layout(document, night);
  const page = window.document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  window.document.body.append(page);
  drawTimeline(page, geometry);
  const chart: WarmUpChart = { shown: () => ({ document, night, geometry }), dragging: () => dragging, layout };
  return { chart, geometry, page };
}

const flagship = () => findPreset('s07-fencing-off')?.document as ScenarioDocument;
const newScratch = () => window.document.createElementNS('http://www.w3.org/2000/svg', 'svg');

afterEach(() => {
  forgetWarmUp();
  window.document.body.innerHTML = '';
});

describe('a rehearsed move', () => {
  it('draws the night with its first event moved, over the ghost of the shown one, into an SVG off the page', () => {
    const document = flagship();
    const before = JSON.stringify(document);
    const { chart, geometry, page } = shownChart(document);
    const pageBefore = page.outerHTML;
    const scratch = newScratch();
    const previous = { geometry: null as TimelineGeometry | null };

    for (let index = 0; index < 3; index++) {
      expect(rehearseMove(chart, scratch, index, previous)).toBe(true);
      // Moved by index + 1 seconds, later then earlier, as a drag with Shift held would.
      const movedStartMs = previous.geometry?.handles.find((handle) => handle.eventIndex === 0)?.startMs;
      const shownStartMs = geometry.handles.find((handle) => handle.eventIndex === 0)?.startMs as number;
      expect(movedStartMs).toBe(shownStartMs + (index % 2 === 0 ? 1 : -1) * (index + 1) * 1000);
    }
    expect(scratch.isConnected).toBe(false);
    expect(scratch.querySelector('[data-event-index="0"]')).not.toBeNull();
    expect(scratch.querySelector('.tl-layer-ghost')?.childElementCount).toBeGreaterThan(0);
    // Nothing of the page's changed: the document, its chart, the night cache.
    expect(JSON.stringify(document)).toBe(before);
    expect(page.outerHTML).toBe(pageBefore);
    expect(hasNight(document)).toBe(false);
  });

  it('does nothing during a drag, without events, before a night is shown, or for a night too big for a frame', () => {
    const scratch = newScratch();
    const previous = { geometry: null as TimelineGeometry | null };
    expect(rehearseMove(shownChart(flagship(), true).chart, scratch, 0, previous)).toBe(false);
    expect(rehearseMove(shownChart({ ...flagship(), events: [] }).chart, scratch, 0, previous)).toBe(false);
    const { chart } = shownChart(flagship());
    expect(rehearseMove({ ...chart, shown: () => null }, scratch, 0, previous)).toBe(false);
    const big = largeUiNightDocument() as unknown as ScenarioDocument;
    expect(rehearseMove(shownChart(big).chart, scratch, 0, previous)).toBe(false);
    expect(scratch.childElementCount).toBe(0);
    expect(previous.geometry).toBeNull();
  });

  it('ends the warm-up quietly when a rehearsal fails, instead of throwing into the page', () => {
    const { chart } = shownChart(flagship());
    const failing: WarmUpChart = {
      ...chart,
      layout: () => {
        throw new Error('a layout that fails');
      },
    };
    const previous = { geometry: null as TimelineGeometry | null };
    expect(rehearseMove(failing, newScratch(), 0, previous)).toBe(false);
    expect(previous.geometry).toBeNull();
  });
});

describe('warmUpDrag', () => {
  it('rehearses its moves in idle moments, once per page', () => {
    performance.clearMeasures('leaseline:drag-warm-up');
    const { chart } = shownChart(flagship());
    const first = idleView();
    warmUpDrag(first.view, window.document, chart);
    for (let moment = 0; moment < WARM_UP_MOVES; moment++) first.idle(0);
    expect(first.queued()).toBe(0);
    expect(performance.getEntriesByName('leaseline:drag-warm-up')).toHaveLength(WARM_UP_MOVES);

    // A second chart on the same page: the code is warm already.
    const second = idleView();
    warmUpDrag(second.view, window.document, chart);
    expect(second.queued()).toBe(0);
    forgetWarmUp();
    warmUpDrag(second.view, window.document, chart);
    expect(second.queued()).toBe(1);
  });
});
