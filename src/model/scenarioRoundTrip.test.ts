/**
 * Round trips over generated scenario documents: whatever a valid file holds (optional
 * fields, unknown keys, odd Unicode, key order) survives load and save, and a share link.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountCents } from './amount';
import { formatDurationMs } from './duration';
import { loadScenarioText, loadScenarioValue } from './loadScenario';
import { formatScenarioError } from './scenarioError';
import { serializeScenario } from './serializeScenario';
import { buildShareLink, decodeShareFragment } from './shareLink';
import { formatTimeOfNightMs, formatTimeOfNightShort, TIME_OF_NIGHT_MAX_MS } from './timeOfNight';

const time = fc
  .integer({ min: 0, max: TIME_OF_NIGHT_MAX_MS })
  .chain((ms) => fc.constantFrom(formatTimeOfNightMs(ms), formatTimeOfNightShort(ms)));
const positiveDuration = fc.integer({ min: 1, max: 10_000_000 }).map(formatDurationMs);
const signedDuration = fc.integer({ min: -10_000_000, max: 10_000_000 }).map(formatDurationMs);
const text = fc.string({ unit: 'binary', maxLength: 30 });
/** Keys no version of the format will ever give a meaning to. */
const unknownKeys = fc.dictionary(
  fc.string({ maxLength: 8 }).map((key) => `x-${key}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 2 },
);

const lock = fc.oneof(
  fc.record({ kind: fc.constant('none') }),
  fc.record(
    {
      kind: fc.constant('shedlock'),
      lockAtMostFor: positiveDuration,
      time: fc.constantFrom('db', 'app'),
      token: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    { kind: fc.constant('lease'), leaseDuration: positiveDuration, token: fc.boolean() },
    { requiredKeys: ['kind'] },
  ),
  fc.record(
    {
      kind: fc.constant('redis'),
      release: fc.constantFrom('compareAndDelete', 'del'),
      replica: fc.option(fc.record({ lag: positiveDuration }), { nil: null }),
      token: fc.constantFrom('none', 'incr', 'db'),
    },
    { requiredKeys: ['kind'] },
  ),
  fc.record({ kind: fc.constantFrom('etcd', 'zookeeper'), sessionTtl: positiveDuration }, { requiredKeys: ['kind'] }),
);

function eventFor(ids: readonly string[], orders: readonly number[]) {
  const replica = fc.constantFrom(...ids);
  const order = fc.constantFrom(...orders);
  const common = { label: text.filter((label) => [...label].length <= 120) };
  return fc.oneof(
    fc.record(
      { type: fc.constant('pause'), replica, at: time, for: positiveDuration, ...common },
      { requiredKeys: ['type', 'replica', 'at', 'for'] },
    ),
    fc.record({ type: fc.constant('pauseBeforeWrite'), replica, order, for: positiveDuration }),
    fc.record({ type: fc.constantFrom('crash', 'restart', 'killSession', 'trigger'), replica, at: time }),
    fc.record({
      type: fc.constant('clockJump'),
      node: fc.constantFrom(...ids, 'db', 'redis'),
      at: time,
      by: signedDuration,
    }),
    fc.record({ type: fc.constant('delayWrite'), replica, order, by: positiveDuration }),
    fc.record({ type: fc.constantFrom('expireLock', 'redisFailover'), at: time }),
    fc
      .tuple(replica, fc.integer({ min: 0, max: TIME_OF_NIGHT_MAX_MS - 1 }), fc.integer({ min: 1, max: 3_600_000 }))
      .map(([who, fromMs, lengthMs]) => ({
        type: 'partition',
        replica: who,
        from: formatTimeOfNightMs(fromMs),
        to: formatTimeOfNightMs(Math.min(TIME_OF_NIGHT_MAX_MS, fromMs + lengthMs)),
      })),
  );
}

/** A valid scenario document with optional fields and unknown keys at several levels. */
const scenarioDocumentArbitrary = fc
  .record({
    ids: fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), { minLength: 1, maxLength: 9 }),
    orders: fc.uniqueArray(fc.integer({ min: 1, max: 99_999 }), { minLength: 1, maxLength: 8 }),
  })
  .chain(({ ids, orders }) =>
    fc.record({
      header: fc.constant({ format: 'leaseline/scenario', version: 1 }),
      optional: fc.record(
        {
          title: text,
          replicas: fc.tuple(
            ...ids.map((id) =>
              fc.record(
                {
                  id: fc.constant(id),
                  trigger: fc.record({ at: time, every: positiveDuration }, { requiredKeys: [] }),
                },
                { requiredKeys: ['id'] },
              ),
            ),
          ),
          job: fc.record({
            items: fc.tuple(
              ...orders.map((order) =>
                fc.record({
                  order: fc.constant(order),
                  amount: fc.integer({ min: -99_999, max: 99_999 }).map(formatAmountCents),
                }),
              ),
            ),
          }),
          lock,
          storage: fc.record(
            { fencing: fc.constantFrom('off', 'job', 'row'), lastToken: fc.nat() },
            { requiredKeys: [] },
          ),
          events: fc.array(eventFor(ids, orders), { maxLength: 12 }),
        },
        { requiredKeys: ['replicas', 'job'] },
      ),
      unknown: unknownKeys,
    }),
  )
  .map(({ header, optional, unknown }) => ({ ...header, ...optional, ...unknown }));

describe('round trips', () => {
  it('load then save gives back the same text, and the text loads to the same scenario', () => {
    fc.assert(
      fc.property(scenarioDocumentArbitrary, (value) => {
        const text = `${JSON.stringify(value, null, 2)}\n`;
        const loaded = loadScenarioText(text, 'generated.json');
        if (!loaded.ok) throw new Error(loaded.errors.map(formatScenarioError).join('\n'));
        expect(serializeScenario(loaded.document)).toBe(text);
        const again = loadScenarioValue(loaded.document, 'again.json');
        expect(again.ok && again.scenario).toEqual(loaded.scenario);
      }),
      { numRuns: 300 },
    );
  });

  it('a share link gives back the same document', () => {
    fc.assert(
      fc.property(scenarioDocumentArbitrary, (value) => {
        const loaded = loadScenarioValue(value, 'generated.json');
        if (!loaded.ok) throw new Error(loaded.errors.map(formatScenarioError).join('\n'));
        const decoded = decodeShareFragment(buildShareLink(loaded.document));
        expect(decoded.ok).toBe(true);
        if (decoded.ok) expect(serializeScenario(decoded.document)).toBe(serializeScenario(loaded.document));
      }),
      { numRuns: 300 },
    );
  });
});
