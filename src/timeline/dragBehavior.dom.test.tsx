import { beforeAll, describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import type { ScenarioEdit } from '../model/scenarioEdit';
import type { EventDocument } from '../model/scenarioSchema';
import { createTimelineDrag, type DragPhase } from './dragBehavior';
import { drawTimeline } from './drawTimeline';
import { installIdentitySvgMatrices } from './happyDomSvg.testing';
import { layoutTimeline } from './layoutTimeline';
import { msToPx, type Viewport } from './viewport';

const H = 3_600_000;
const at = (h: number, m: number, s = 0) => h * H + m * 60_000 + s * 1000;
const pause: EventDocument = { type: 'pause', replica: 'A', at: '02:01:30', for: '6m' };

beforeAll(installIdentitySvgMatrices);

function setup() {
  const run = runPreset('s07-fencing-off');
  // 1 px per second from 02:00:00, so pointer positions read easily.
  const viewport: Viewport = { fromMs: at(2, 0), toMs: at(2, 12), widthPx: 720 };
  const geometry = layoutTimeline({ trace: run.trace, scenario: run.scenario, events: [pause], viewport });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  drawTimeline(svg, geometry);
  const calls: { edits: ScenarioEdit[]; phase: DragPhase }[] = [];
  const selected: (number | null)[] = [];
  const behaviour = createTimelineDrag(svg, {
    getGeometry: () => geometry,
    getViewport: () => viewport,
    getEvents: () => [pause],
    getSnapMs: () => 1000,
    getLockAtMostForMs: () => 300_000,
    onEdits: (edits, phase) => calls.push({ edits, phase }),
    onSelect: (index) => selected.push(index),
  });
  const clientX = (ms: number) => geometry.plotLeftPx + msToPx(viewport, ms);
  const mouse = (target: EventTarget, type: string, ms: number, init: MouseEventInit = {}) =>
    target.dispatchEvent(
      new MouseEvent(type, {
        bubbles: true,
        cancelable: true,
        view: window,
        clientX: clientX(ms),
        clientY: 50,
        ...init,
      }),
    );
  return { svg, calls, selected, behaviour, mouse };
}

describe('createTimelineDrag', () => {
  it("turns a drag of the pause's right edge into edits, start to end", () => {
    const { svg, calls, selected, behaviour, mouse } = setup();
    const edge = svg.querySelector('[data-drag="end"]');
    if (!edge) throw new Error('no end edge');
    mouse(edge, 'mousedown', at(2, 7, 30));
    mouse(window, 'mousemove', at(2, 6, 30));
    mouse(window, 'mousemove', at(2, 4, 30));
    mouse(window, 'mouseup', at(2, 4, 30));
    expect(selected).toEqual([0]);
    expect(calls.map((call) => call.phase)).toEqual(['start', 'drag', 'drag', 'end']);
    expect(calls[0]?.edits).toEqual([]);
    expect(calls.at(-1)?.edits).toEqual([{ kind: 'setEvent', index: 0, event: { ...pause, for: '3m' } }]);
    behaviour.destroy();
  });

  it('cancels on Escape and ignores the rest of the gesture', () => {
    const { svg, calls, behaviour, mouse } = setup();
    const body = svg.querySelector('[data-drag="body"]');
    if (!body) throw new Error('no body');
    mouse(body, 'mousedown', at(2, 3));
    mouse(window, 'mousemove', at(2, 4));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    mouse(window, 'mousemove', at(2, 5));
    mouse(window, 'mouseup', at(2, 5));
    expect(calls.map((call) => call.phase)).toEqual(['start', 'drag', 'cancel']);
    expect(calls[2]?.edits).toEqual([{ kind: 'setEvent', index: 0, event: pause }]);
    behaviour.destroy();
  });

  it('starts nothing on the background, and stops listening once destroyed', () => {
    const { svg, calls, behaviour, mouse } = setup();
    mouse(svg.querySelector('.tl-lane-bg') ?? svg, 'mousedown', at(2, 3));
    mouse(window, 'mouseup', at(2, 3));
    expect(calls).toEqual([]);
    behaviour.destroy();
    const edge = svg.querySelector('[data-drag="end"]');
    if (edge) mouse(edge, 'mousedown', at(2, 7, 30));
    mouse(window, 'mouseup', at(2, 6));
    expect(calls).toEqual([]);
  });
});
