import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../../model/loadScenario';
import { findPreset } from '../../presets/catalogue';
import type { ReplicaProcess } from '../replicaProcess';
import type { WorldCopy } from '../world';
import { simulateWithCheckpoints } from './resimulate';
import { sameData, sameTraceFuture } from './sameFuture';

function flagshipCheckpoints() {
  const loaded = loadScenarioValue(findPreset('s07-fencing-off')?.document, 's07.json');
  if (!loaded.ok) throw new Error('the flagship does not load');
  return simulateWithCheckpoints(loaded.scenario).checkpoints;
}

/** A checkpoint's World copied, with `change` made to its first process. */
function withProcess(copy: WorldCopy, change: (process: ReplicaProcess) => ReplicaProcess): WorldCopy {
  const processes = copy.state.processes.map((process, index) => (index === 0 ? change(process) : process));
  return { ...copy, state: { ...copy.state, processes } };
}

describe('plain data compared', () => {
  it('is equal for equal data, keys in the same order', () => {
    expect(sameData({ a: [1, { b: null }], c: 'x' }, { a: [1, { b: null }], c: 'x' })).toBe(true);
  });

  it('differs in a value, a length, a key, or the order of keys (the trace would print them apart)', () => {
    expect(sameData({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData(null, {})).toBe(false);
  });
});

describe('two states with the same rest of the trace', () => {
  const checkpoints = flagshipCheckpoints();
  const middle = checkpoints[Math.floor(checkpoints.length / 2)] as (typeof checkpoints)[number];
  const live = (copy: WorldCopy) => ({
    ...copy.state,
    runs: copy.state.runs.slice(0, copy.logLengths.runs),
    writes: copy.state.writes.slice(0, copy.logLengths.writes),
  });

  it('is a state and itself', () => {
    expect(sameTraceFuture(live(middle.world), middle.world)).toBe(true);
  });

  it('is not two instants of one night', () => {
    const later = checkpoints[checkpoints.length - 1] as (typeof checkpoints)[number];
    expect(later.boundaryMs).toBeGreaterThan(middle.boundaryMs);
    expect(sameTraceFuture(live(later.world), middle.world)).toBe(false);
  });

  it('ignores the end of a pause that is over, not one still running', () => {
    const over = withProcess(middle.world, (process) => ({ ...process, proc: 'up', pausedUntilMs: 1 }));
    const overElsewhere = withProcess(middle.world, (process) => ({ ...process, proc: 'up', pausedUntilMs: 2 }));
    expect(sameTraceFuture(live(over), overElsewhere)).toBe(true);
    const paused = withProcess(middle.world, (process) => ({ ...process, proc: 'paused', pausedUntilMs: 1 }));
    const pausedLonger = withProcess(middle.world, (process) => ({ ...process, proc: 'paused', pausedUntilMs: 2 }));
    expect(sameTraceFuture(live(paused), pausedLonger)).toBe(false);
  });

  it('ignores whether a decider runs an actor, not which state it is in', () => {
    const decider = middle.world.state.processes[0]?.decider;
    if (!decider) throw new Error('replica A has no machine at the middle of the flagship');
    const actorless = withProcess(middle.world, (process) => ({
      ...process,
      decider: { ...decider, actorRunning: !decider.actorRunning, lag: [] },
    }));
    expect(sameTraceFuture(live(actorless), middle.world)).toBe(true);
    const otherToken = withProcess(middle.world, (process) => ({
      ...process,
      decider: { ...decider, token: (decider.token ?? 0) + 1 },
    }));
    expect(sameTraceFuture(live(otherToken), middle.world)).toBe(false);
  });

  it('is not a state with another message id to come (the trace prints them)', () => {
    const copy = {
      ...middle.world,
      state: { ...middle.world.state, nextFreeMessageId: middle.world.state.nextFreeMessageId + 1 },
    };
    expect(sameTraceFuture(live(copy), middle.world)).toBe(false);
  });
});
