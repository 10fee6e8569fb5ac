import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import type { EventDocument } from '../model/scenarioSchema';
import type { GrantRecord, Trace, TraceEntry, WriteRecord } from '../sim/trace';
import { layoutTimeline } from './layoutTimeline';
import { windowViewport } from './viewport';

const H = 3_600_000;
const at = (h: number, m: number, s = 0, ms = 0) => h * H + m * 60_000 + s * 1000 + ms;
const scenario = runPreset('s07-fencing-off').scenario;

function trace(partial: Partial<Trace>): Trace {
  return {
    windowFromMs: at(2, 0),
    windowToMs: at(2, 12),
    replicaIds: ['A', 'B', 'C'],
    entries: [],
    grants: [],
    writes: [],
    runs: [],
    zombieWindows: [],
    violations: [],
    appliedCount: [],
    balanceDeltaCents: [],
    runDone: false,
    machineEventCount: 0,
    truncatedAtMs: null,
    services: [],
    ...partial,
  };
}

type EntryBody = TraceEntry extends infer E
  ? E extends TraceEntry
    ? Omit<E, 'atMs' | 'node' | 'localMs'>
    : never
  : never;
const entry = (atMs: number, node: string, body: EntryBody): TraceEntry =>
  ({ atMs, node, localMs: atMs, ...body }) as TraceEntry;

function write(
  partial: Partial<WriteRecord> & Pick<WriteRecord, 'replica' | 'order' | 'sentMs' | 'atMs'>,
): WriteRecord {
  return { writeId: 0, runId: 0, messageId: 0, amountCents: 500, token: 7, result: 'accepted', ...partial };
}

function layout(t: Trace, events: EventDocument[]) {
  return layoutTimeline({ trace: t, scenario, events, viewport: windowViewport(at(2, 0), at(2, 12), 1200) });
}

describe('event handles', () => {
  it('places pauseBeforeWrite where its pause began, with only its end draggable', () => {
    const t = trace({
      entries: [
        entry(at(2, 3), 'A', { kind: 'process', state: 'paused', cause: 'pauseBeforeWrite' }),
        entry(at(2, 5), 'A', { kind: 'process', state: 'up', cause: 'resume' }),
      ],
      writes: [write({ replica: 'A', order: 1003, sentMs: at(2, 5), atMs: at(2, 5, 0, 2) })],
    });
    const [handle] = layout(t, [{ type: 'pauseBeforeWrite', replica: 'A', order: 1003, for: '2m' }]).handles;
    expect(handle).toMatchObject({
      laneId: 'A',
      kind: 'span',
      edges: 'end',
      startMs: at(2, 3),
      endMs: at(2, 5),
      ariaLabel: 'Pause before the write of order 1003, replica A',
      ariaValueText: '02:03:00 to 02:05:00',
      valueNowMs: at(2, 5),
    });
  });

  it("draws delayWrite on the storage lane from the write's sending to its arrival", () => {
    const t = trace({ writes: [write({ replica: 'B', order: 1004, sentMs: at(2, 6, 30), atMs: at(2, 7, 0, 3) })] });
    const geometry = layout(t, [
      { type: 'delayWrite', replica: 'B', order: 1004, by: '30s' },
      { type: 'delayWrite', replica: 'C', order: 1001, by: '5s' },
    ]);
    expect(geometry.handles).toHaveLength(1);
    expect(geometry.handles[0]).toMatchObject({
      eventIndex: 0,
      laneId: 'storage',
      edges: 'end',
      ariaLabel: 'Delayed write of order 1004, replica B',
      ariaValueText: '02:06:30 to 02:07:00.003',
    });
    // C never wrote 1001: the event has no place tonight, and says so.
    expect(geometry.unplacedEvents).toEqual([1]);
  });

  it('puts points on their lanes: replica events on the replica, db clock and lock events on the lock lane', () => {
    const geometry = layout(trace({}), [
      { type: 'crash', replica: 'B', at: '02:04:00' },
      { type: 'clockJump', node: 'db', at: '02:03:00', by: '-30s' },
      { type: 'clockJump', node: 'A', at: '02:03:00.250', by: '1m' },
      { type: 'expireLock', at: '02:04:30' },
      { type: 'trigger', replica: 'C', at: '02:02:00' },
      { type: 'starveRenewer', replica: 'A', from: '02:01:00', to: '02:02:00' },
      { type: 'restart', replica: 'B', at: '02:06:00', label: '<b>back</b>' },
    ]);
    const byIndex = geometry.handles.map((h) => [h.laneId, h.kind, h.edges, h.ariaLabel, h.ariaValueText]);
    expect(byIndex).toEqual([
      ['B', 'point', 'none', 'Crash, replica B', '02:04:00'],
      ['lock', 'point', 'none', 'Clock jump, db', '02:03:00, by -30s'],
      ['A', 'point', 'none', 'Clock jump, replica A', '02:03:00.250, by +1m'],
      ['lock', 'point', 'none', 'Forced lock expiry', '02:04:30'],
      ['C', 'point', 'none', 'Run now, replica C', '02:02:00'],
      ['A', 'span', 'both', 'Starved renewer, replica A', '02:01:00 to 02:02:00'],
      ['B', 'point', 'none', 'Restart, replica B', '02:06:00'],
    ]);
    expect(geometry.handles[6]?.label).toBe('<b>back</b>');
    const lock = geometry.lanes.find((lane) => lane.id === 'lock');
    expect(geometry.handles[1]?.y).toBe(lock?.trackY);
  });

  it('leaves out an event whose text does not parse instead of failing', () => {
    const geometry = layout(trace({}), [{ type: 'pause', replica: 'A', at: 'soon', for: '6m' } as EventDocument]);
    expect(geometry.handles).toEqual([]);
    expect(geometry.unplacedEvents).toEqual([0]);
  });
});

describe('replica lanes around a crash', () => {
  const grant: GrantRecord = {
    grantId: 0,
    expires: true,
    replica: 'A',
    token: 7,
    tokenMs: at(2, 0, 0, 2),
    grantMs: at(2, 0, 0, 2),
    untilClockMs: at(2, 5, 0, 2),
    clockNode: 'db',
    endMs: null,
    endReason: null,
    intendedEndMs: at(2, 5, 0, 2),
  };
  const t = trace({
    grants: [grant],
    entries: [
      entry(at(2, 0), 'A', { kind: 'activity', from: 'idle', to: 'dueCheck' }),
      entry(at(2, 0, 0, 2), 'A', { kind: 'activity', from: 'dueCheck', to: 'acquiring' }),
      entry(at(2, 0, 0, 2), 'db', {
        kind: 'grant',
        grantId: 0,
        replica: 'A',
        token: 7,
        untilClockMs: at(2, 5, 0, 2),
        clockNode: 'db',
      }),
      entry(at(2, 0, 0, 2), 'A', { kind: 'activity', from: 'acquiring', to: 'loading' }),
      entry(at(2, 0, 20), 'A', { kind: 'activity', from: 'loading', to: 'computing' }),
      entry(at(2, 1), 'A', { kind: 'process', state: 'down', cause: 'crash' }),
      entry(at(2, 3), 'A', { kind: 'process', state: 'up', cause: 'restart' }),
    ],
  });
  const geometry = layout(t, []);

  it('ends the belief and the activity at the crash and shows the process down until the restart', () => {
    expect(geometry.beliefBars.map((bar) => [bar.fromMs, bar.toMs, bar.outlivedLease])).toEqual([
      [at(2, 0, 0, 2), at(2, 1), false],
    ]);
    expect(geometry.activityBands.map((band) => [band.activity, band.fromMs, band.toMs])).toEqual([
      ['dueCheck', at(2, 0), at(2, 0, 0, 2)],
      ['loading', at(2, 0, 0, 2), at(2, 0, 20)],
      ['computing', at(2, 0, 20), at(2, 1)],
    ]);
    expect(geometry.processBands.map((band) => [band.state, band.cause, band.fromMs, band.toMs, band.label])).toEqual([
      ['down', 'crash', at(2, 1), at(2, 3), 'down'],
    ]);
  });

  it('draws a 2 ms due check at least a pixel wide', () => {
    expect(geometry.activityBands[0]?.width).toBe(1);
  });
});
