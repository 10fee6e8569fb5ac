import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import { spotlightBoxes, writeVisibility } from './highlight';
import { layoutTimeline } from './layoutTimeline';
import { windowViewport } from './viewport';

function geometryOf(id: string) {
  const run = runPreset(id);
  const viewport = windowViewport(run.scenario.windowFromMs, run.scenario.windowToMs, 1200);
  const events = [{ id: 'p1', type: 'pause', replica: 'A', at: '02:01:30', for: '6m' } as const];
  return { run, geometry: layoutTimeline({ trace: run.trace, scenario: run.scenario, events, viewport }) };
}

describe('spotlightBoxes', () => {
  it('rings a write, a lease bar, an event and a lane, each a little larger than the mark', () => {
    const { run, geometry } = geometryOf('s07-fencing-on');
    const stale = run.trace.writes.find((write) => write.result === 'stale');
    const grantOfB = run.trace.grants.find((grant) => grant.replica === 'B');
    if (!stale || !grantOfB) throw new Error('S07 has a stale write and a grant to B');
    const boxes = spotlightBoxes(geometry, {
      writeIds: [stale.writeId],
      grantIds: [grantOfB.grantId],
      eventIndices: [0],
      laneIds: ['storage'],
    });
    expect(boxes.map((box) => box.key)).toEqual([
      'lane:storage',
      `grant:${grantOfB.grantId}`,
      'event:0',
      `write:${stale.writeId}`,
    ]);
    const marker = geometry.writes.find((write) => write.writeId === stale.writeId);
    const ring = boxes[3];
    expect(marker && ring && ring.x < marker.x && ring.x + ring.width > marker.x).toBe(true);
    const bar = geometry.leaseBars.find((candidate) => candidate.grantId === grantOfB.grantId);
    expect(boxes[1]?.width).toBe((bar?.width ?? 0) + 8);
  });

  it('rings nothing without a highlight or for ids with no mark', () => {
    const { geometry } = geometryOf('s07-fencing-on');
    expect(spotlightBoxes(geometry, null)).toEqual([]);
    expect(spotlightBoxes(geometry, { writeIds: [999], laneIds: ['Z'] })).toEqual([]);
  });
});

describe('writeVisibility', () => {
  it('hides writes behind the curtain unless masked; masks win', () => {
    const { run, geometry } = geometryOf('s07-fencing-off');
    const curtainFromMs = 2 * 3_600_000 + 7 * 60_000 + 50_000; // 02:07:50
    const late = geometry.writes.filter((write) => write.atMs >= curtainFromMs);
    const first = late[0];
    if (!first) throw new Error('S07 without fencing has writes by A from 02:07:50');
    expect(late).toHaveLength(3);
    const highlight = { curtainFromMs, maskedWriteIds: [first.writeId] };
    expect(late.map((write) => writeVisibility(write, highlight))).toEqual(['masked', 'hidden', 'hidden']);
    const early = geometry.writes.find((write) => write.atMs < curtainFromMs);
    expect(early && writeVisibility(early, highlight)).toBe('shown');
    expect(early && writeVisibility(early, null)).toBe('shown');
    expect(run.trace.writes).toHaveLength(geometry.writes.length);
  });
});
