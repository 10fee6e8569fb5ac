/**
 * A night's state is one plain-data `World` (ARCHITECTURE.md, "Engine"; `src/sim/world.ts`):
 * in the middle of every preset's night (and of a ZooKeeper night), the whole World (the
 * database, the lock service's and the job's states included) is only plain objects, arrays
 * and primitives (every object's prototype is `Object.prototype` or `Array.prototype`: no
 * class instance, no Map or Set, no function), and `structuredClone` gives it back equal.
 */
import { describe, expect, it } from 'vitest';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { PRESETS } from '../src/presets/catalogue';
import { runLoop, startNight } from '../src/sim/simulate';
import { type World, worldOf } from '../src/sim/world';
import { firstNotPlain, loadedNight, presetNights } from './presetNights';

/** The night's World at the first boundary past the middle of the night. */
function midnightWorld(scenario: ResolvedScenario): World | null {
  const { sim } = startNight(scenario);
  const middleMs = (scenario.windowFromMs + scenario.windowToMs) / 2;
  let seen: World | null = null;
  runLoop(sim, {
    fromStep: 0,
    boundaryMs: sim.nowMs,
    resumed: false,
    atBoundary: (boundaryMs) => {
      if (seen || boundaryMs < middleMs) return;
      const world = worldOf(sim);
      expect(firstNotPlain(world, 'world')).toBeNull();
      // Cloned now: the night goes on changing the World in place.
      seen = structuredClone(world);
      expect(seen).toEqual(world);
      expect(firstNotPlain(seen, 'clone')).toBeNull();
    },
  });
  return seen;
}

describe('the World is plain data', () => {
  it('in the middle of every preset’s night: only plain objects, arrays and primitives, equal through structuredClone', () => {
    let checked = 0;
    let withActor = 0;
    const lockStateKinds = new Set<string>();
    let withJobState = 0;
    for (const { name, document } of presetNights()) {
      const world = midnightWorld(loadedNight(document, name));
      if (!world) continue;
      checked += 1;
      if (world.processes.some((process) => process.decider?.actorRunning)) withActor += 1;
      expect(world.queue.heap.length, name).toBeGreaterThan(0);
      if (world.lockState) lockStateKinds.add(world.lockState.kind);
      if (world.jobState) withJobState += 1;
    }
    // Nearly every night has a boundary past its middle; some hold an actor there.
    expect(checked).toBeGreaterThan(PRESETS.length / 2);
    expect(withActor).toBeGreaterThan(0);
    // The services' and the jobs' own states were among what was checked.
    expect(lockStateKinds.size).toBeGreaterThanOrEqual(3);
    expect(withJobState).toBeGreaterThan(0);
  });
});
