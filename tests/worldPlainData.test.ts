/**
 * A night's state is one plain-data `World` (ARCHITECTURE.md, "Engine"; `src/sim/world.ts`):
 * in the middle of every preset's night (and of a ZooKeeper night), the kernel's World is only
 * plain objects, arrays and primitives (every object's prototype is `Object.prototype` or
 * `Array.prototype`: no class instance, no Map or Set, no function), and `structuredClone`
 * gives it back equal. The lock and job stores (`StoreField`) are converted by their own
 * modules and checked by theirs; the Lease record already is plain.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { PRESETS } from '../src/presets/catalogue';
import { runLoop, startNight } from '../src/sim/simulate';
import { type KernelWorld, worldOf } from '../src/sim/world';

type Document = Record<string, unknown> & { lock?: Record<string, unknown> };

/** The path of the first value that is not a primitive, a plain object or an array, or null. */
function firstNotPlain(value: unknown, path: string): string | null {
  if (value === null || value === undefined) return null;
  const type = typeof value;
  if (type === 'function' || type === 'symbol' || type === 'bigint') return `${path} (${type})`;
  if (type !== 'object') return null;
  const prototype = Object.getPrototypeOf(value);
  if (Array.isArray(value) && prototype === Array.prototype) {
    for (let index = 0; index < value.length; index++) {
      const found = firstNotPlain(value[index], `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (prototype !== Object.prototype && prototype !== null) {
    return `${path} (an instance of ${prototype?.constructor?.name ?? 'a class'})`;
  }
  for (const [key, entry] of Object.entries(value)) {
    const found = firstNotPlain(entry, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

function loaded(document: unknown, name: string): ResolvedScenario {
  const result = loadScenarioValue(document, `${name}.json`);
  if (!result.ok) throw new Error(`${name} does not load`);
  return result.scenario;
}

function nights(): { readonly name: string; readonly document: Document }[] {
  const presets = PRESETS.map((preset) => ({ name: preset.id, document: preset.document as Document }));
  const zookeeper = presets
    .filter(({ document }) => document.lock?.kind === 'etcd')
    .map(({ name, document }) => {
      const copy = structuredClone(document);
      if (copy.lock) copy.lock.kind = 'zookeeper';
      return { name: `${name} (zookeeper)`, document: copy };
    });
  return [...presets, ...zookeeper];
}

/** The kernel's World at the first boundary past the middle of the night. */
function midnightWorld(scenario: ResolvedScenario): { kernel: KernelWorld; leaseRecord: unknown } | null {
  const { sim } = startNight(scenario);
  const middleMs = (scenario.windowFromMs + scenario.windowToMs) / 2;
  let seen: { kernel: KernelWorld; leaseRecord: unknown } | null = null;
  runLoop(sim, {
    fromStep: 0,
    boundaryMs: sim.nowMs,
    resumed: false,
    atBoundary: (boundaryMs) => {
      if (seen || boundaryMs < middleMs) return;
      const { db, redis, redisGrantByValue, leaseRecord, consensus, jobState, ...kernel } = worldOf(sim);
      // Cloned now: the night goes on changing the World in place.
      seen = { kernel: structuredClone(kernel), leaseRecord: structuredClone(leaseRecord) };
      expect(firstNotPlain(kernel, 'world')).toBeNull();
      expect(firstNotPlain(leaseRecord, 'world.leaseRecord')).toBeNull();
      expect(firstNotPlain(db, 'world.db')).toBeNull();
      expect(firstNotPlain(jobState, 'world.jobState')).toBeNull();
      expect(seen.kernel).toEqual(kernel);
      expect(firstNotPlain(seen.kernel, 'clone')).toBeNull();
    },
  });
  return seen;
}

describe('the World is plain data', () => {
  it('in the middle of every preset’s night: only plain objects, arrays and primitives, equal through structuredClone', () => {
    let checked = 0;
    let withActor = 0;
    for (const { name, document } of nights()) {
      const world = midnightWorld(loaded(document, name));
      if (!world) continue;
      checked += 1;
      if (world.kernel.processes.some((process) => process.decider?.actorRunning)) withActor += 1;
      expect(world.kernel.queue.heap.length, name).toBeGreaterThan(0);
    }
    // Nearly every night has a boundary past its middle; some hold an actor there.
    expect(checked).toBeGreaterThan(PRESETS.length / 2);
    expect(withActor).toBeGreaterThan(0);
  });
});
