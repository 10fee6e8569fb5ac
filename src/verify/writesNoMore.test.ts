import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../model/loadScenario';
import type { ResolvedScenario } from '../model/resolvedScenario';
import { findPreset } from '../presets/catalogue';
import type { AgendaItem } from '../sim/agenda';
import { simulateWithCheckpoints } from '../sim/checkpoints/resimulate';
import { EventClass } from '../sim/eventQueue';
import type { ReplicaProcess } from '../sim/replicaProcess';
import { copyWorld, type World } from '../sim/world';
import { appliedMoreThanOnce, writesNoMore } from './writesNoMore';

function scenarioOf(id: string): ResolvedScenario {
  const preset = findPreset(id)?.document as { events?: unknown[] };
  const loaded = loadScenarioValue({ ...preset, events: [] }, `${id}.json`);
  if (!loaded.ok) throw new Error(`${id} does not load`);
  return loaded.scenario;
}

/** The fenced flagship's state at each minute of its night with no event. */
function flagshipStates(): { scenario: ResolvedScenario; states: { atMs: number; world: World }[] } {
  const scenario = scenarioOf('s07-fencing-on');
  const night = simulateWithCheckpoints(scenario, {}, { startMs: scenario.windowFromMs, intervalMs: 60_000 });
  return {
    scenario,
    states: night.checkpoints.map((checkpoint) => ({ atMs: checkpoint.boundaryMs, world: checkpoint.world.state })),
  };
}

/** B's process in a state. */
function replicaB(world: World): ReplicaProcess {
  const process = world.processes[1];
  if (!process) throw new Error('no replica B');
  return process;
}

/** A copy of the state to change (a checkpoint's own stays as it was). */
function changed(world: World, change: (copy: World) => void): World {
  const copy = copyWorld(world).state;
  change(copy);
  return copy;
}

describe('writesNoMore', () => {
  it('holds once A has applied every order and released the lock, not while it works', () => {
    const { scenario, states } = flagshipStates();
    const settled = states.filter(({ world }) => writesNoMore(world, scenario)).map(({ atMs }) => atMs);
    // A takes the lock at 02:00:00 and writes the five orders; the state holding 02:04 is the first settled.
    const minute = (count: number) => scenario.windowFromMs + count * 60_000;
    expect(settled[0]).toBeGreaterThan(minute(3));
    expect(settled[0]).toBeLessThanOrEqual(minute(4));
    expect(settled.at(-1)).toBe(states.at(-1)?.atMs);
    expect(writesNoMore((states[1] as { world: World }).world, scenario)).toBe(false);
  });

  it('does not hold when a write is still on its way, a replica is in a run or owes a reply, or an order waits', () => {
    const { scenario, states } = flagshipStates();
    const settled = states.find(({ world }) => writesNoMore(world, scenario))?.world as World;
    const write: AgendaItem = {
      kind: 'request',
      replica: 0,
      incarnation: 0,
      messageId: 99,
      request: { kind: 'write', itemIndex: 0, token: 7 } as never,
      sentInstantMs: 0,
      extraMs: 0,
    };
    const cases: [string, (copy: World) => void][] = [
      [
        'a write in flight',
        (copy) =>
          copy.queue.heap.push({ atMs: 1, eventClass: EventClass.environment, replicaIndex: 0, seq: 0, item: write }),
      ],
      [
        'a pause to begin',
        (copy) =>
          copy.queue.heap.push({
            atMs: 1,
            eventClass: EventClass.environment,
            replicaIndex: 0,
            seq: 0,
            item: { kind: 'pauseStart', replica: 0, untilMs: 2, cause: 'pause' },
          }),
      ],
      ['a replica at work', (copy) => Object.assign(replicaB(copy), { activity: 'computing' })],
      ['a held write', (copy) => Object.assign(replicaB(copy), { heldWrite: write.request })],
      ['a reply held by a pause', (copy) => (replicaB(copy).inbox as unknown[]).push({})],
      ['a work step due', (copy) => Object.assign(replicaB(copy), { workDueMs: 5 })],
      ['an order without its ledger row', (copy) => (copy.db.appliedCount as number[]).splice(2, 1, 0)],
    ];
    for (const [what, change] of cases) expect(writesNoMore(changed(settled, change), scenario), what).toBe(false);
    // A crashed replica holds nothing (its restart may still be queued).
    const down = changed(settled, (copy) => Object.assign(replicaB(copy), { proc: 'down', activity: 'writing' }));
    expect(writesNoMore(down, scenario)).toBe(true);
  });

  it('is only claimed for the reconciliation, whose runs load the orders still to apply', () => {
    const outbox = scenarioOf('s16-outbox-skip-locked');
    const night = simulateWithCheckpoints(outbox, {}, { startMs: outbox.windowFromMs, intervalMs: 60_000 });
    expect(night.checkpoints.some((checkpoint) => writesNoMore(checkpoint.world.state, outbox))).toBe(false);
  });

  it('reads I3 off the applications so far', () => {
    const { states } = flagshipStates();
    const last = states.at(-1)?.world as World;
    expect(appliedMoreThanOnce(last)).toBe(false);
    expect(appliedMoreThanOnce(changed(last, (copy) => copy.appliedAtMs[0]?.push(1)))).toBe(true);
  });
});
