/**
 * Round trips of issue 6, over 1,000 generated hand-ins each: scenario -> share link ->
 * scenario, -> JSON file text -> scenario, -> PNG -> scenario. After each trip the document is
 * deeply equal to the one that went in (keys, key order, unknown keys, every character of the
 * labels and explanation) and serialises to the very same text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadHandIn } from '../src/model/loadHandIn';
import { type LoadResult, loadScenarioText, loadScenarioValue } from '../src/model/loadScenario';
import { embedScenarioInPng } from '../src/model/pngScenario';
import { formatScenarioError } from '../src/model/scenarioError';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { serializeScenario } from '../src/model/serializeScenario';
import { buildShareLink, decodeShareFragment } from '../src/model/shareLink';
import { tinyPng } from '../src/model/tinyPng.testing';
import { handInDocumentArb } from './grading/handInArbitrary';

const RUNS = 1000;
const PNG = tinyPng();

/** The document of a load that must succeed; a failure shows its messages. */
function documentOf(result: LoadResult): ScenarioDocument {
  if (!result.ok) throw new Error(result.errors.map(formatScenarioError).join('\n'));
  return result.document;
}

/** The warnings of a load, without the source they name. */
const warningsOf = (result: LoadResult) => result.warnings.map(({ path, message }) => ({ path, message }));

/** Runs `trip` on each generated document and checks it comes back identical, warnings too. */
function roundTrips(trip: (document: ScenarioDocument) => LoadResult) {
  fc.assert(
    fc.property(handInDocumentArb, (value) => {
      const loaded = loadScenarioValue(value, 'generated.json');
      const document = documentOf(loaded);
      const tripped = trip(document);
      const back = documentOf(tripped);
      // The generated unknown keys (`x-...`) are warned about before and after the trip alike.
      expect(warningsOf(tripped)).toEqual(warningsOf(loaded));
      // As plain JSON data: fast-check builds some objects without a prototype.
      expect(back).toStrictEqual(JSON.parse(JSON.stringify(value)));
      // The text pins key order and every character, against the text of what went in.
      expect(serializeScenario(back)).toBe(`${JSON.stringify(value, null, 2)}\n`);
    }),
    { numRuns: RUNS },
  );
}

describe(`round trips of ${RUNS} generated hand-ins`, { timeout: 120_000 }, () => {
  it('scenario -> share link -> scenario', () => {
    roundTrips((document) => decodeShareFragment(buildShareLink(document)));
  });

  it('scenario -> JSON file -> scenario', () => {
    roundTrips((document) => loadScenarioText(serializeScenario(document), 'hand-in.json'));
  });

  it('scenario -> PNG -> scenario', () => {
    roundTrips((document) => loadHandIn(embedScenarioInPng(PNG, serializeScenario(document)), 'hand-in.png'));
  });
});
