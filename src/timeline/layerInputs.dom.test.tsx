import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import type { EventDocument } from '../model/scenarioSchema';
import { drawTimeline } from './drawTimeline';
import type { TimelineGeometry } from './geometry';
import { layoutTimeline } from './layoutTimeline';
import { windowViewport } from './viewport';

const pause: EventDocument = { type: 'pause', replica: 'A', at: '02:01:30', for: '6m' };

function geometryOf(events: EventDocument[]): TimelineGeometry {
  const run = runPreset('s07-fencing-off');
  const viewport = windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 1200);
  return layoutTimeline({ trace: run.trace, scenario: run.scenario, events, viewport });
}

function newSvg(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  return svg;
}

const handleOfA = (svg: SVGSVGElement) => svg.querySelector('g.tl-handle[data-event-index="0"]');

describe('drawTimeline leaves a layer alone when its inputs are the same objects', () => {
  it('skips the handles drawn from the same array, and draws an equal new array afresh', () => {
    const svg = newSvg();
    const geometry = geometryOf([pause]);
    drawTimeline(svg, geometry);
    // A mark of the handles layer, changed behind the drawing's back: a skipped layer keeps it.
    handleOfA(svg)?.setAttribute('aria-valuetext', 'tampered');
    drawTimeline(svg, { ...geometry });
    expect(handleOfA(svg)?.getAttribute('aria-valuetext')).toBe('tampered');
    // The same values in new objects (a fresh layout) are drawn: the mark is right again.
    drawTimeline(svg, geometryOf([pause]));
    expect(handleOfA(svg)?.getAttribute('aria-valuetext')).toBe('02:01:30 to 02:07:30');
  });

  it('draws the handles again when only the selection changes', () => {
    const svg = newSvg();
    const geometry = geometryOf([pause]);
    drawTimeline(svg, geometry);
    expect(handleOfA(svg)?.classList.contains('tl-handle--selected')).toBe(false);
    drawTimeline(svg, geometry, { selectedEventIndex: 0 });
    expect(handleOfA(svg)?.classList.contains('tl-handle--selected')).toBe(true);
  });

  it('draws the writes again when the highlight changes, so a lifted mask does not stay', () => {
    const svg = newSvg();
    const geometry = geometryOf([pause]);
    const write = geometry.writes.at(-1);
    if (!write) throw new Error('no write');
    const label = () => svg.querySelector(`[data-write-id="${write.writeId}"]`)?.getAttribute('class');
    drawTimeline(svg, geometry);
    const plain = label();
    drawTimeline(svg, geometry, { highlight: { curtainFromMs: 0, maskedWriteIds: [write.writeId] } });
    expect(label()).toBe('tl-write tl-write--masked');
    drawTimeline(svg, geometry);
    expect(label()).toBe(plain);
  });

  it('inside a changed handles array, rewrites only the handles given new objects or a new selection', () => {
    const svg = newSvg();
    const other: EventDocument = { type: 'pause', replica: 'B', at: '02:20:00', for: '1m' };
    const geometry = geometryOf([pause, other]);
    drawTimeline(svg, geometry);
    const handleOfB = () => svg.querySelector('g.tl-handle[data-event-index="1"]');
    handleOfA(svg)?.setAttribute('aria-valuetext', 'tampered A');
    handleOfB()?.setAttribute('aria-valuetext', 'tampered B');
    // A new array: A's handle the same object (kept as is), B's a new, equal one (written).
    const [handleA, handleB] = geometry.handles;
    if (!handleA || !handleB) throw new Error('two handles expected');
    drawTimeline(svg, { ...geometry, handles: [handleA, { ...handleB }] });
    expect(handleOfA(svg)?.getAttribute('aria-valuetext')).toBe('tampered A');
    expect(handleOfB()?.getAttribute('aria-valuetext')).toBe('02:20:00 to 02:21:00');
    // The same object, newly selected: written, tampering included.
    drawTimeline(svg, { ...geometry, handles: [handleA, { ...handleB }] }, { selectedEventIndex: 0 });
    expect(handleOfA(svg)?.getAttribute('aria-valuetext')).toBe('02:01:30 to 02:07:30');
    expect(handleOfA(svg)?.classList.contains('tl-handle--selected')).toBe(true);
  });

  it('skips the lanes and the axis drawn from the same objects, and redraws them when a size changes', () => {
    const svg = newSvg();
    const geometry = geometryOf([pause]);
    drawTimeline(svg, geometry);
    const laneBackground = () => svg.querySelector('g.tl-lane rect.tl-lane-bg');
    const axisHit = () => svg.querySelector('rect.tl-axis-hit');
    laneBackground()?.setAttribute('width', '1');
    axisHit()?.setAttribute('height', '1');
    drawTimeline(svg, { ...geometry });
    expect(laneBackground()?.getAttribute('width')).toBe('1');
    expect(axisHit()?.getAttribute('height')).toBe('1');
    // A wider chart: the lanes are drawn again, as is the axis with its new width.
    const wider = {
      ...geometry,
      widthPx: geometry.widthPx + 10,
      viewport: { ...geometry.viewport, widthPx: geometry.viewport.widthPx + 10 },
    };
    drawTimeline(svg, wider);
    expect(laneBackground()?.getAttribute('width')).toBe(String(wider.widthPx));
    expect(axisHit()?.getAttribute('height')).toBe(String(geometry.lanesTopY));
  });
});
