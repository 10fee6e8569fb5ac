/**
 * Fuzzing the scenario files (issue 7): 2,000 mutated files through `loadHandIn`, the loader the
 * page's Open… and drop use: preset files with their text damaged, with a value somewhere in
 * the tree replaced by any JSON value (a wrong type, a huge number, a deep array...), and
 * hand-in PNGs with flipped bits, cuts and junk. Every file opens or is refused with a typed
 * error. Fixed seeds: a failure replays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadHandIn } from '../../src/model/loadHandIn';
import { embedScenarioInPng } from '../../src/model/pngScenario';
import type { ScenarioDocument } from '../../src/model/scenarioSchema';
import { serializeScenario } from '../../src/model/serializeScenario';
import { tinyPng } from '../../src/model/tinyPng.testing';
import { PRESETS } from '../../src/presets/catalogue';
import { byteMutationArb, mutateAll, mutateBytes, mutationArb } from './mutations';
import { expectOpensOrRefuses, type Outcome } from './openOrRefuse';

const SEED = 20261130;
const utf8 = (text: string) => new TextEncoder().encode(text);
const presetTexts = PRESETS.map((preset) => serializeScenario(preset.document as ScenarioDocument));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into a JSON tree (keys and indices), the root included. */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value !== null && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return here;
}

/** A copy of `tree` with the value at `path` replaced. */
function replaceAt(tree: Json, path: readonly (string | number)[], value: Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(tree)) return tree.map((item, index) => (index === head ? replaceAt(item, rest, value) : item));
  if (tree !== null && typeof tree === 'object') return { ...tree, [head]: replaceAt(tree[head] ?? null, rest, value) };
  return tree;
}

const textMutatedArb = fc
  .tuple(fc.constantFrom(...presetTexts), fc.array(mutationArb, { minLength: 1, maxLength: 4 }))
  .map(([text, mutations]) => ({ name: 'damaged.json', bytes: utf8(mutateAll(text, mutations)) }));

const treeMutatedArb = fc
  .tuple(fc.constantFrom(...PRESETS), fc.nat(), fc.jsonValue({ maxDepth: 3 }))
  .map(([preset, pick, value]) => {
    const tree = JSON.parse(JSON.stringify(preset.document)) as Json;
    const paths = pathsOf(tree);
    const path = paths[pick % paths.length] ?? [];
    return { name: 'edited.json', bytes: utf8(JSON.stringify(replaceAt(tree, path, value as Json))) };
  });

const pngMutatedArb = fc
  .tuple(fc.constantFrom(...presetTexts), fc.array(byteMutationArb, { minLength: 1, maxLength: 3 }))
  .map(([text, mutations]) => ({
    name: 'hand-in.png',
    bytes: mutations.reduce(mutateBytes, embedScenarioInPng(tinyPng(), text)),
  }));

describe('scenario file fuzzing', () => {
  it('2,000 mutated JSON and PNG files each open or are refused with a typed error', () => {
    const outcomes = new Map<Outcome, number>();
    fc.assert(
      fc.property(fc.oneof(textMutatedArb, treeMutatedArb, pngMutatedArb), ({ name, bytes }) => {
        const outcome = expectOpensOrRefuses(loadHandIn(bytes, name));
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }),
      { numRuns: 2_000, seed: SEED },
    );
    expect(outcomes.get('refused') ?? 0).toBeGreaterThan(500);
    expect(outcomes.get('opened') ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
