import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../../model/loadScenario';
import { parseTimeOfNightMs } from '../../model/timeOfNight';
import { findPreset } from '../../presets/catalogue';
import { simulate } from '../../sim/simulate';
import type { Trace, TraceEntry } from '../../sim/trace';
import { stateAtPlayhead } from './stateAtPlayhead';

function night(presetId: string): Trace {
  const loaded = loadScenarioValue(findPreset(presetId)?.document, `${presetId}.json`);
  if (!loaded.ok) throw new Error(`preset ${presetId} does not load`);
  return simulate(loaded.scenario);
}

function ms(time: string): number {
  const parsed = parseTimeOfNightMs(time);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

const s07Off = night('s07-fencing-off');
const s07On = night('s07-fencing-on');

describe('stateAtPlayhead on S07', () => {
  it('before anything happened: everyone up and idle, no lock row, the start token', () => {
    const state = stateAtPlayhead(s07Off, ms('01:59:00'), 6);
    expect(state.replicas).toEqual([
      { id: 'A', proc: 'up', activity: 'idle' },
      { id: 'B', proc: 'up', activity: 'idle' },
      { id: 'C', proc: 'up', activity: 'idle' },
    ]);
    expect(state.lockRow).toBeNull();
    expect(state.lastToken).toBe(6);
  });

  it('A is paused while computing, and its grant is still the row', () => {
    const state = stateAtPlayhead(s07Off, ms('02:03:00'), 6);
    expect(state.replicas[0]).toEqual({ id: 'A', proc: 'paused', activity: 'computing' });
    expect(state.lockRow).toMatchObject({ lockedBy: 'orders-0', fencingToken: 7, lockUntilMs: ms('02:05:00.002') });
  });

  it('at 02:06:00 B writes with token 8 while A sleeps; the fence row follows fencing', () => {
    const off = stateAtPlayhead(s07Off, ms('02:06:00'), 6);
    expect(off.replicas.map((replica) => replica.activity)).toEqual(['computing', 'writing', 'idle']);
    expect(off.replicas[0]?.proc).toBe('paused');
    expect(off.lockRow).toMatchObject({ lockedBy: 'orders-1', fencingToken: 8 });
    expect(off.lastToken).toBe(6);
    expect(stateAtPlayhead(s07On, ms('02:06:00'), 6).lastToken).toBe(8);
  });

  it('counts the entries at the instant itself, in trace order', () => {
    // A's grant, fence and load all happen at 02:00:00.002 (docs/model.md §9).
    const state = stateAtPlayhead(s07On, ms('02:00:00.002'), 6);
    expect(state.replicas[0]?.activity).toBe('loading');
    expect(state.lastToken).toBe(7);
    expect(stateAtPlayhead(s07On, ms('02:00:00.001'), 6).lastToken).toBe(6);
  });
});

describe('stateAtPlayhead around a crash', () => {
  const entry = (atMs: number, fields: Partial<TraceEntry>): TraceEntry =>
    ({ atMs, node: 'A', localMs: atMs, ...fields }) as TraceEntry;
  const trace: Trace = {
    ...s07Off,
    replicaIds: ['A'],
    entries: [
      entry(10, { kind: 'activity', from: 'idle', to: 'loading' }),
      entry(20, { kind: 'activity', from: 'loading', to: 'computing' }),
      entry(30, { kind: 'process', state: 'down', cause: 'crash' }),
      entry(40, { kind: 'process', state: 'up', cause: 'restart' }),
      entry(50, { kind: 'activity', from: 'idle', to: 'dueCheck' }),
    ],
  };

  it('a crashed replica has no machine state, a restarted one is idle until it acts', () => {
    expect(stateAtPlayhead(trace, 25, 6).replicas[0]).toEqual({ id: 'A', proc: 'up', activity: 'computing' });
    expect(stateAtPlayhead(trace, 30, 6).replicas[0]).toEqual({ id: 'A', proc: 'down', activity: null });
    expect(stateAtPlayhead(trace, 45, 6).replicas[0]).toEqual({ id: 'A', proc: 'up', activity: 'idle' });
    expect(stateAtPlayhead(trace, 50, 6).replicas[0]).toEqual({ id: 'A', proc: 'up', activity: 'dueCheck' });
  });
});
