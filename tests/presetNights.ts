/**
 * Test helpers for checks that walk every preset's night: the presets (and the etcd ones again
 * as ZooKeeper nights, which no preset has), loaded; and the strict reading of "plain data"
 * that a night's World and its checkpoints are held to.
 */
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { PRESETS } from '../src/presets/catalogue';

export type PresetDocument = Record<string, unknown> & {
  events?: Record<string, unknown>[];
  lock?: Record<string, unknown>;
};

/** Every preset's document, and the etcd presets' again as ZooKeeper nights. */
export function presetNights(): { readonly name: string; readonly document: PresetDocument }[] {
  const presets = PRESETS.map((preset) => ({ name: preset.id, document: preset.document as PresetDocument }));
  const zookeeper = presets
    .filter(({ document }) => document.lock?.kind === 'etcd')
    .map(({ name, document }) => {
      const copy = structuredClone(document);
      if (copy.lock) copy.lock.kind = 'zookeeper';
      return { name: `${name} (zookeeper)`, document: copy };
    });
  return [...presets, ...zookeeper];
}

/** The scenario of a document that must load (a test's own fixture). */
export function loadedNight(document: unknown, name: string): ResolvedScenario {
  const result = loadScenarioValue(document, `${name}.json`);
  if (!result.ok) throw new Error(`${name} does not load`);
  return result.scenario;
}

/**
 * The path of the first value in `value` that is not a primitive, a plain object or an array
 * (every object's prototype `Object.prototype`, `null` or `Array.prototype`: no class instance,
 * no Map or Set, no function), or null when it is all plain data.
 */
export function firstNotPlain(value: unknown, path: string): string | null {
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
