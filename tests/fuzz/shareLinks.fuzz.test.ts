/**
 * Fuzzing the share links (issue 7): 10,000 generated and mutated links through
 * `decodeShareFragment`, the function the page runs on its address. Seeds are every preset and
 * generated scenarios, encoded as the app encodes them; the mutations are what chats and
 * copy-paste do (cuts, changed or lost characters, doubled stretches, junk), plus payloads that
 * are valid deflate around wrong JSON, random bytes, and random strings after `#s=`. Every
 * link opens or is refused with a typed error. Fixed seeds: a failure replays. (The decoding
 * time is a benchmark figure with a budget, `npm run bench`, not a timed test.)
 */
import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from '../../src/model/base64url';
import type { ScenarioDocument } from '../../src/model/scenarioSchema';
import { buildShareLink, decodeShareFragment } from '../../src/model/shareLink';
import { PRESETS } from '../../src/presets/catalogue';
import { scenarioArb } from '../arbitraries/scenarioArbitrary';
import { mutateAll, mutationArb } from './mutations';
import { expectOpensOrRefuses, type Outcome } from './openOrRefuse';

const SEED = 20261129;
const presetLinks = PRESETS.map((preset) => buildShareLink(preset.document as ScenarioDocument));
const payloadLink = (bytes: Uint8Array) => `http://localhost:5173/#s=1.${encodeBase64Url(bytes)}`;

/** A valid link to build on: a preset's, or a generated scenario's. */
const seedLinkArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...presetLinks) },
  { weight: 1, arbitrary: scenarioArb().map(({ document }) => buildShareLink(document as ScenarioDocument)) },
);

/** Links as they arrive: mutated, or with a well-formed envelope around something wrong. */
const linkArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(seedLinkArb, fc.array(mutationArb, { minLength: 1, maxLength: 4 }))
      .map(([link, mutations]) => mutateAll(link, mutations)),
  },
  {
    weight: 1,
    arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => payloadLink(deflateSync(strToU8(JSON.stringify(value))))),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...PRESETS), fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
      .map(([preset, mutations]) =>
        payloadLink(deflateSync(strToU8(mutateAll(JSON.stringify(preset.document), mutations)))),
      ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map(payloadLink) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text) => `http://localhost:5173/#s=${text}`) },
);

describe('share link fuzzing', () => {
  it('10,000 generated and mutated links each open or are refused with a typed error', () => {
    const outcomes = new Map<Outcome, number>();
    fc.assert(
      fc.property(linkArb, (link) => {
        const outcome = expectOpensOrRefuses(decodeShareFragment(link, 'share link'));
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }),
      { numRuns: 10_000, seed: SEED },
    );
    const total = [...outcomes.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBe(10_000);
    // The mix is meaningful: most inputs are refused, but some damaged links still open
    // (a changed character inside a label), so both paths are exercised.
    expect(outcomes.get('refused') ?? 0).toBeGreaterThan(5_000);
    expect(outcomes.get('opened') ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it('every preset’s own link opens unchanged (the seeds are valid)', () => {
    for (const link of presetLinks) expect(expectOpensOrRefuses(decodeShareFragment(link))).toBe('opened');
  });
});
