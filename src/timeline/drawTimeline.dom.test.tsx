import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import type { EventDocument } from '../model/scenarioSchema';
import { keyMoments } from '../sim/readings/keyMoments';
import { drawTimeline } from './drawTimeline';
import type { TimelineGeometry } from './geometry';
import { layoutTimeline } from './layoutTimeline';
import { type Viewport, windowViewport } from './viewport';

const pause: EventDocument = { id: 'p1', type: 'pause', replica: 'A', at: '02:01:30', for: '6m', label: 'GC pause' };

function geometryOf(id: string, events: EventDocument[] = [pause], viewport?: Viewport): TimelineGeometry {
  const run = runPreset(id);
  const view = viewport ?? windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 1200);
  return layoutTimeline({ trace: run.trace, scenario: run.scenario, events, viewport: view });
}

function newSvg(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  return svg;
}

describe('drawTimeline', () => {
  it("draws the key moments' words with their sentence as title, hides those behind a curtain, and updates in place", () => {
    const run = runPreset('s07-fencing-off');
    const viewport = windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 1790);
    const geometry = layoutTimeline({
      trace: run.trace,
      scenario: run.scenario,
      events: [pause],
      viewport,
      keyMoments: keyMoments(run.trace, run.scenario),
    });
    const svg = newSvg();
    drawTimeline(svg, geometry);
    const texts = () => [...svg.querySelectorAll('.tl-moment-text')].map((text) => text.textContent);
    expect(texts()).toContain('B takes over with token 8');
    expect(svg.querySelector('[data-moment-key="grant:B:0"] title')?.textContent).toBe('B takes over with token 8');
    expect(svg.querySelectorAll('path.tl-moment-guide')).toHaveLength(1);
    const takeover = svg.querySelector('[data-moment-key="grant:B:0"]');
    // The same moment keeps its node from one draw to the next (a drag redraws every tick).
    drawTimeline(svg, geometry);
    expect(svg.querySelector('[data-moment-key="grant:B:0"]')).toBe(takeover);
    // A lesson's curtain from 02:06 hides the moments after it (their words would give the answer).
    drawTimeline(svg, geometry, { highlight: { curtainFromMs: 2 * 3600_000 + 6 * 60_000 } });
    expect(texts()).toContain('B takes over with token 8');
    expect(texts().some((text) => text?.includes('applied twice'))).toBe(false);
    // So do the violation markers from then on: their words sit outside the curtain's panel.
    const curtainFromMs = 2 * 3600_000 + 6 * 60_000;
    const before = geometry.violations.filter((marker) => marker.atMs < curtainFromMs).length;
    expect(geometry.violations.length).toBeGreaterThan(before);
    expect(svg.querySelectorAll('g.tl-violation')).toHaveLength(before);
    expect(svg.querySelectorAll('path.tl-arrow--accepted').length).toBe(geometry.writeArrows.length);
  });

  it('draws each event as a focusable slider with its name, value text and range in ms', () => {
    const svg = newSvg();
    drawTimeline(svg, geometryOf('s07-fencing-off'));
    const sliders = svg.querySelectorAll('[role="slider"]');
    expect(sliders).toHaveLength(1);
    const slider = sliders[0];
    expect(slider?.getAttribute('tabindex')).toBe('0');
    expect(slider?.getAttribute('aria-label')).toBe('Pause, replica A');
    expect(slider?.getAttribute('aria-valuetext')).toBe('02:01:30 to 02:07:30');
    expect(slider?.getAttribute('aria-valuenow')).toBe(String(7_290_000));
    expect(slider?.getAttribute('aria-valuemin')).toBe(String(7_200_000));
    expect(slider?.getAttribute('aria-valuemax')).toBe(String(7_920_000));
    expect(slider?.getAttribute('data-event-index')).toBe('0');
    expect(slider?.querySelectorAll('[data-drag]')).toHaveLength(3);
    expect(slider?.querySelector('.tl-handle-label')?.textContent).toBe('GC pause');
  });

  it('makes writes focusable buttons shaped by result, and lease bars drag targets', () => {
    const svg = newSvg();
    drawTimeline(svg, geometryOf('s07-fencing-on'));
    const writes = [...svg.querySelectorAll('[role="button"]')];
    expect(writes).toHaveLength(6);
    const stale = svg.querySelector('.tl-write--stale');
    expect(stale?.getAttribute('aria-label')).toBe('Write of order 1003 by A, token 7, stale');
    expect(stale?.getAttribute('tabindex')).toBe('0');
    expect(stale?.getAttribute('data-write-id')).toMatch(/^\d+$/);
    // The visible token sits beside the button, not in it (its name says "token 7" in words).
    expect(stale?.querySelector('.tl-write-token')).toBeNull();
    const tokens = [...svg.querySelectorAll('.tl-write-token')];
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.map((token) => token.textContent)).toContain('#1003 A·7');
    expect(tokens.every((token) => token.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(svg.querySelectorAll('g.tl-lease[data-grant-id]')).toHaveLength(2);
    expect(svg.querySelectorAll('[data-lease-end][data-drag="leaseEnd"]')).toHaveLength(2);
    expect([...svg.querySelectorAll('.tl-lease-label')].map((text) => text.textContent)).toEqual([
      'A · token 7',
      'B · token 8',
    ]);
  });

  it('renders a label with markup as text, never as markup', () => {
    const svg = newSvg();
    const label = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    drawTimeline(svg, geometryOf('s07-fencing-off', [{ ...pause, label }]));
    expect(svg.querySelector('.tl-handle-label')?.textContent).toBe(label);
    expect(svg.querySelector('script')).toBeNull();
    expect(svg.querySelector('img')).toBeNull();
  });

  it('updates the same nodes on a redraw (keyed joins), so focus survives a drag', () => {
    const svg = newSvg();
    drawTimeline(svg, geometryOf('s07-fencing-off'));
    const handle = svg.querySelector('[role="slider"]');
    const lease = svg.querySelector('g.tl-lease');
    const moved = { ...pause, at: '02:02:00' };
    drawTimeline(svg, geometryOf('s07-fencing-off', [moved]));
    expect(svg.querySelector('[role="slider"]')).toBe(handle);
    expect(svg.querySelector('g.tl-lease')).toBe(lease);
    expect(handle?.getAttribute('aria-valuetext')).toBe('02:02:00 to 02:08:00');
    expect(svg.querySelectorAll('g.tl-root')).toHaveLength(1);
  });

  it('draws the ghost faint underneath, the selection and the playhead', () => {
    const svg = newSvg();
    const ghost = geometryOf('s07-fencing-off');
    drawTimeline(svg, geometryOf('s07-fencing-on'), { ghost, selectedEventIndex: 0, playheadX: 300 });
    const ghostLayer = svg.querySelector('.tl-layer-ghost');
    expect(ghostLayer?.getAttribute('aria-hidden')).toBe('true');
    expect(ghostLayer?.querySelectorAll('path.tl-ghost-band').length).toBe(4);
    expect(ghostLayer?.querySelectorAll('path.tl-ghost-write')).toHaveLength(1);
    expect(ghostLayer?.querySelectorAll('[data-drag], [tabindex]')).toHaveLength(0);
    expect(svg.querySelector('.tl-handle--selected')).not.toBeNull();
    expect(svg.querySelector('line.tl-playhead')?.getAttribute('x1')).toBe('300');
    drawTimeline(svg, geometryOf('s07-fencing-on'));
    expect(ghostLayer?.querySelectorAll('path')).toHaveLength(0);
    expect(svg.querySelector('.tl-handle--selected')).toBeNull();
    expect(svg.querySelector('line.tl-playhead')).toBeNull();
  });

  it('marks zombie windows, doubled writes, violations and lane labels', () => {
    const svg = newSvg();
    const geometry = geometryOf('s07-fencing-off');
    drawTimeline(svg, geometry);
    expect(svg.querySelectorAll('rect.tl-zombie')).toHaveLength(1);
    expect(svg.querySelectorAll('.tl-write--doubled')).toHaveLength(6);
    expect(svg.querySelectorAll('path.tl-link')).toHaveLength(3);
    // Seven violations at four instants: four marks, the shared ones with their count.
    expect(svg.querySelectorAll('g.tl-violation')).toHaveLength(4);
    expect([...svg.querySelectorAll('.tl-violation-count')].map((count) => count.textContent)).toEqual([
      '',
      '2',
      '2',
      '2',
    ]);
    expect([...svg.querySelectorAll('.tl-lane-label')].map((text) => text.textContent)).toEqual([
      'Replica A',
      'Replica B',
      'Replica C',
      'Lock',
      'Storage',
    ]);
    expect(svg.getAttribute('width')).toBe(String(geometry.widthPx));
    expect(svg.querySelectorAll('.tl-tick')).toHaveLength(geometry.ticks.length);
  });

  it('writes nothing to the DOM when redrawn with the same geometry', async () => {
    const svg = newSvg();
    const geometry = geometryOf('s07-fencing-off');
    drawTimeline(svg, geometry, { selectedEventIndex: 0 });
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(svg, { subtree: true, attributes: true, childList: true, characterData: true });
    drawTimeline(svg, geometryOf('s07-fencing-off'), { selectedEventIndex: 0 });
    await Promise.resolve();
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(changes.map((change) => `${change.type} ${change.attributeName ?? ''}`)).toEqual([]);
    // The observer does see a real change: the selection going away rewrites one class.
    const again = new MutationObserver(() => undefined);
    again.observe(svg, { subtree: true, attributes: true });
    drawTimeline(svg, geometry, { selectedEventIndex: null });
    expect(again.takeRecords().map((change) => change.attributeName)).toEqual(['class']);
    again.disconnect();
  });

  it('puts the event sliders before the write buttons in Tab order', () => {
    const svg = newSvg();
    drawTimeline(svg, geometryOf('s07-fencing-off'));
    const focusable = [...svg.querySelectorAll('[tabindex]')].map((element) => element.getAttribute('role'));
    expect(focusable[0]).toBe('slider');
    expect(focusable.slice(1).every((role) => role === 'button')).toBe(true);
  });

  it("hides a span's label when its body is out of view", () => {
    const svg = newSvg();
    const late = { fromMs: 7_670_000, toMs: 7_680_000, widthPx: 600 };
    drawTimeline(svg, geometryOf('s07-fencing-off', [pause], late));
    expect(svg.querySelector('.tl-handle-label')?.getAttribute('display')).toBe('none');
  });
});

describe('drawTimeline with a highlight', () => {
  it('masks the chosen write, hides later ones behind the curtain, rings marks, and undoes it all', () => {
    const svg = newSvg();
    const geometry = geometryOf('s07-fencing-off');
    const curtainFromMs = 2 * 3_600_000 + 7 * 60_000 + 50_000;
    const target = geometry.writes.find((write) => write.atMs >= curtainFromMs);
    if (!target) throw new Error('A writes at 02:07:50');
    drawTimeline(svg, geometry, {
      highlight: {
        curtainFromMs,
        maskedWriteIds: [target.writeId],
        maskedLabels: new Map([[target.writeId, 'Write of order 1003 by A, token 7, result hidden']]),
        writeIds: [target.writeId],
        curtainLabel: 'Hidden until you predict',
      },
    });
    const masked = svg.querySelector(`[data-write-id="${target.writeId}"]`);
    expect(masked?.getAttribute('class')).toBe('tl-write tl-write--masked');
    expect(masked?.getAttribute('aria-label')).toBe('Write of order 1003 by A, token 7, result hidden');
    const hidden = [...svg.querySelectorAll('g.tl-write')].filter((g) => g.getAttribute('display') === 'none');
    expect(hidden).toHaveLength(2);
    // The arcs joining doubly-applied writes would give the answer away.
    expect([...svg.querySelectorAll('path.tl-link')].every((link) => link.getAttribute('display') === 'none')).toBe(
      true,
    );
    expect(svg.querySelector('g.tl-curtain')?.getAttribute('aria-label')).toBe('Hidden until you predict');
    expect(svg.querySelector('.tl-curtain-label')?.textContent).toBe('Hidden until you predict');
    expect(svg.querySelectorAll('rect.tl-spotlight')).toHaveLength(1);
    // B's write of 1003 before the curtain is doubled only by A's behind it: drawn plain.
    const byB = geometry.writes.find((write) => write.replica === 'B' && write.order === 1003);
    const plainB = svg.querySelector(`[data-write-id="${byB?.writeId}"]`);
    expect(plainB?.getAttribute('class')).toBe('tl-write tl-write--accepted');
    expect(plainB?.querySelector('circle')?.getAttribute('display')).toBe('none');
    expect(plainB?.getAttribute('aria-label')).toBe(
      'Write of order 1003 by B, token 8, accepted, applied more than once',
    );
    drawTimeline(svg, geometry, {
      highlight: {
        curtainFromMs,
        plainLabels: new Map([[byB?.writeId ?? -1, 'Write of order 1003 by B, token 8, accepted']]),
      },
    });
    expect(svg.querySelector(`[data-write-id="${byB?.writeId}"]`)?.getAttribute('aria-label')).toBe(
      'Write of order 1003 by B, token 8, accepted',
    );

    drawTimeline(svg, geometry, {});
    expect(svg.querySelector(`[data-write-id="${target.writeId}"]`)?.getAttribute('class')).toContain(
      'tl-write--accepted',
    );
    expect(svg.querySelector(`[data-write-id="${byB?.writeId}"]`)?.getAttribute('class')).toBe(
      'tl-write tl-write--accepted tl-write--doubled',
    );
    expect(svg.querySelectorAll('g.tl-write[display="none"]')).toHaveLength(0);
    expect(svg.querySelectorAll('g.tl-curtain, rect.tl-spotlight')).toHaveLength(0);
  });
});
