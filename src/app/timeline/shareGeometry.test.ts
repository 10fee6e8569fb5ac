import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import type { TimelineGeometry } from '../../timeline/geometry';
import { layoutTimeline } from '../../timeline/layoutTimeline';
import { windowViewport } from '../../timeline/viewport';
import { computeNight } from '../state/night';
import { sameData, shareGeometry } from './shareGeometry';

function geometryOf(document: ScenarioDocument) {
  const night = computeNight(document);
  if (night.kind !== 'ok') throw new Error('not a night');
  return layoutTimeline({
    trace: night.trace,
    scenario: night.scenario,
    events: document.events ?? [],
    viewport: windowViewport(night.scenario.windowFromMs, night.scenario.windowToMs, 900),
    keyMoments: night.keyMoments,
  });
}

const flagship = findPreset('s07-fencing-off')?.document as ScenarioDocument;

describe('sameData', () => {
  it('compares plain data by value', () => {
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData(Number.NaN, Number.NaN)).toBe(true);
    expect(sameData(null, {})).toBe(false);
  });
});

describe('shareGeometry', () => {
  it('keeps the previous objects of the layers a new night leaves unchanged, and takes the rest anew', () => {
    const before = geometryOf(flagship);
    // A longer pause of A: A's lane and the lock change; B's and C's activity and the lanes do not.
    const edited: ScenarioDocument = {
      ...flagship,
      events: [{ type: 'pause', replica: 'A', at: '02:01:30', for: '7m' }],
    };
    const after = geometryOf(edited);
    const shared = shareGeometry(before, after);
    expect(shared).toEqual(after);
    expect(shared.lanes).toBe(before.lanes);
    expect(shared.ticks).toBe(before.ticks);
    expect(shared.handles).toBe(after.handles);
    expect(sameData(before.handles, after.handles)).toBe(false);
  });

  it('inside a changed layer, keeps the previous objects of the marks that did not change', () => {
    const other = { type: 'pause', replica: 'B', at: '02:20:00', for: '1m' } as const;
    const before = geometryOf({
      ...flagship,
      events: [{ type: 'pause', replica: 'A', at: '02:01:30', for: '6m' }, other],
    });
    const after = geometryOf({
      ...flagship,
      events: [{ type: 'pause', replica: 'A', at: '02:01:30', for: '7m' }, other],
    });
    const shared = shareGeometry(before, after);
    expect(shared).toEqual(after);
    expect(shared.handles).not.toBe(before.handles);
    expect(shared.handles[0]).toBe(after.handles[0]);
    expect(shared.handles[1]).toBe(before.handles[1]);
    // The layout's own array is left as it was made.
    expect(after.handles[1]).not.toBe(before.handles[1]);
  });

  it('matches handles by key, so a handle that comes or goes does not cost the ones after it their objects', () => {
    // A drag that makes a write happen adds its slow-write handle (event 1) between events 0 and 2.
    const handle = (eventIndex: number, x: number) => ({ key: `event:${eventIndex}`, eventIndex, x });
    const before = { handles: [handle(0, 10), handle(2, 30), handle(3, 40)] };
    const after = { handles: [handle(0, 12), handle(1, 20), handle(2, 30), handle(3, 40)] };
    const shared = shareGeometry(before as unknown as TimelineGeometry, after as unknown as TimelineGeometry);
    expect(shared.handles).toEqual(after.handles);
    expect(shared.handles[0]).toBe(after.handles[0]);
    expect(shared.handles[1]).toBe(after.handles[1]);
    expect(shared.handles[2]).toBe(before.handles[1]);
    expect(shared.handles[3]).toBe(before.handles[2]);
    // And back: the handle goes, the ones after it keep the objects drawn last.
    const back = shareGeometry(shared, before as unknown as TimelineGeometry);
    expect(back.handles).toEqual(before.handles);
    expect(back.handles[1]).toBe(before.handles[1]);
    expect(back.handles[2]).toBe(before.handles[2]);
  });

  it('shares nothing with no previous geometry', () => {
    const next = geometryOf(flagship);
    expect(shareGeometry(null, next)).toBe(next);
  });
});
