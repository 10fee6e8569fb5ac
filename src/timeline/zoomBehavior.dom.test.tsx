import { beforeAll, describe, expect, it } from 'vitest';
import { installIdentitySvgMatrices } from './happyDomSvg.testing';
import { LANE_LABEL_WIDTH_PX } from './layoutLanes';
import type { Viewport } from './viewport';
import { createTimelineZoom } from './zoomBehavior';

beforeAll(installIdentitySvgMatrices);

const H = 3_600_000;

function setup() {
  let viewport: Viewport = { fromMs: 2 * H, toMs: 2 * H + 600_000, widthPx: 600 };
  const seen: Viewport[] = [];
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  const zoom = createTimelineZoom(svg, {
    getViewport: () => viewport,
    onViewport: (next) => {
      viewport = next;
      seen.push(next);
    },
  });
  // happy-dom's WheelEvent is not a MouseEvent (no modifiers, no clientX): add them as a browser has them.
  const wheel = (init: WheelEventInit) => {
    const event = new WheelEvent('wheel', { bubbles: true, cancelable: true, ...init });
    const mouse = {
      clientX: LANE_LABEL_WIDTH_PX + 150,
      clientY: 50,
      ctrlKey: false,
      shiftKey: false,
      metaKey: false,
      ...init,
    };
    for (const name of ['clientX', 'clientY', 'ctrlKey', 'shiftKey', 'metaKey'] as const) {
      Object.defineProperty(event, name, { value: mouse[name] });
    }
    return svg.dispatchEvent(event);
  };
  return { svg, zoom, seen, wheel };
}

describe('createTimelineZoom', () => {
  it('zooms around the pointer on Ctrl+wheel and leaves a plain wheel to the page', () => {
    const { zoom, seen, wheel } = setup();
    expect(wheel({ deltaY: 100 })).toBe(true);
    expect(seen).toEqual([]);
    expect(wheel({ deltaY: -300, ctrlKey: true })).toBe(false);
    const [zoomed] = seen;
    if (!zoomed) throw new Error('no zoom');
    expect(zoomed.toMs - zoomed.fromMs).toBeLessThan(600_000);
    // The pointer was a quarter of the way in, at 02:02:30; it stays there.
    const anchorMs = 2 * H + 150_000;
    expect(zoomed.fromMs + ((zoomed.toMs - zoomed.fromMs) * 150) / 600).toBeCloseTo(anchorMs, 6);
    zoom.destroy();
  });

  it('pans on Shift+wheel and on a horizontal wheel', () => {
    const { zoom, seen, wheel } = setup();
    wheel({ deltaY: 60, shiftKey: true });
    wheel({ deltaX: -60 });
    expect(seen.map((v) => v.fromMs - 2 * H)).toEqual([60_000, 0]);
    zoom.destroy();
    wheel({ deltaX: 60 });
    expect(seen).toHaveLength(2);
  });

  it('pans when the axis is dragged', () => {
    const { svg, zoom, seen } = setup();
    const axis = svg.querySelector('g.tl-layer-axis');
    if (!axis) throw new Error('no axis layer');
    const mouse = (target: EventTarget, type: string, clientX: number) =>
      target.dispatchEvent(
        new MouseEvent(type, { bubbles: true, cancelable: true, view: window, clientX, clientY: 5 }),
      );
    mouse(axis, 'mousedown', 300);
    mouse(window, 'mousemove', 200);
    mouse(window, 'mouseup', 200);
    // 100 px to the left at 1 s per px: the view moves 100 s later.
    expect(seen.at(-1)?.fromMs).toBe(2 * H + 100_000);
    zoom.destroy();
  });
});
