/**
 * Keys that are not fields never change the night and are always named: a misspelt copy of a
 * field, added to any object of a generated scenario, leaves the resolved scenario as it was
 * and comes back as one warning at its path with a key meant; no built-in preset has any.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from '../src/model/editDistance';
import { formatJsonPath, type PathSegment } from '../src/model/jsonPath';
import { loadScenarioValue } from '../src/model/loadScenario';
import { formatScenarioWarning } from '../src/model/scenarioError';
import { PRESETS } from '../src/presets/catalogue';
import { scenarioArb } from './arbitraries/scenarioArbitrary';

type Tree = Record<string, unknown>;

/** Paths of every object in `value` that has at least one key. */
function objectPaths(value: unknown, prefix: PathSegment[] = []): PathSegment[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => objectPaths(item, [...prefix, index]));
  if (typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value);
  const inner = entries.flatMap(([key, item]) => objectPaths(item, [...prefix, key]));
  return entries.length > 0 ? [prefix, ...inner] : inner;
}

function nodeAt(tree: unknown, path: readonly PathSegment[]): Tree {
  return path.reduce<unknown>((node, segment) => (node as Record<PathSegment, unknown>)[segment], tree) as Tree;
}

describe('keys that are not fields', () => {
  it('no built-in preset has one', () => {
    const warnings = PRESETS.flatMap((preset) => {
      const loaded = loadScenarioValue(preset.document, `${preset.id}.json`);
      return loaded.warnings.map(formatScenarioWarning);
    });
    expect(warnings).toEqual([]);
  });

  it('a misspelt copy of a field anywhere changes nothing and is named with a field meant', () => {
    const caseArb = scenarioArb().chain(({ document }) => {
      const paths = objectPaths(document);
      return fc.record({
        document: fc.constant(document),
        path: fc.constantFrom(...paths),
        pick: fc.nat(),
        typo: fc.constantFrom('drop', 'swap', 'double'),
      });
    });
    fc.assert(
      fc.property(caseArb, ({ document, path, pick, typo }) => {
        const copy = structuredClone(document) as Tree;
        const node = nodeAt(copy, path);
        const keys = Object.keys(node);
        const field = keys[pick % keys.length] as string;
        const misspelt = misspell(field, typo);
        // A one-letter key is too short to be taken for anything (editDistance.ts).
        fc.pre(misspelt.length > 1 && !(misspelt in node));
        node[misspelt] = node[field];
        const plain = loadScenarioValue(document, 'plain.json');
        const typoed = loadScenarioValue(copy, 'typo.json');
        if (!plain.ok || !typoed.ok) throw new Error('both load');
        expect(typoed.scenario).toEqual(plain.scenario);
        expect(plain.warnings).toEqual([]);
        expect(typoed.warnings.map((warning) => warning.path)).toEqual([formatJsonPath([...path, misspelt])]);
        const meant = typoed.warnings[0]?.meant ?? '';
        expect(keys).toContain(meant);
        expect(editDistance(misspelt, meant)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300, seed: 29 },
    );
  });
});

/** One edit: the last letter dropped, the first two swapped, or the last doubled. */
function misspell(key: string, typo: 'drop' | 'swap' | 'double'): string {
  if (typo === 'drop') return key.slice(0, -1);
  if (typo === 'swap') return key.length < 2 ? key : `${key[1]}${key[0]}${key.slice(2)}`;
  return `${key}${key.at(-1)}`;
}
