/**
 * The engine's fast path (the replica machine's remembered reactions, `src/sim/reactionMemo.ts`)
 * against the plain path (every event through an XState actor): byte-identical traces over
 * thousands of random nights, every job kind and lock kind, with the memo cold (forgotten
 * before the night) and warm (everything earlier nights taught it), and over the presets as
 * they are and edited.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { PRESETS } from '../src/presets/catalogue';
import { forgetMachineReactions } from '../src/sim/reactionMemo';
import { simulate } from '../src/sim/simulate';
import { jobArb } from './arbitraries/jobArbitrary';
import { scenarioArb } from './arbitraries/scenarioArbitrary';
import { shifted } from './arbitraries/shiftedTime';

const SEED = 20261202;
/** Thousands of nights, twice each, on a machine that may be busy. */
const PROPERTY_TIMEOUT_MS = 600_000;

function loaded(document: unknown): ResolvedScenario | null {
  const result = loadScenarioValue(document, 'generated.json');
  return result.ok ? result.scenario : null;
}

/**
 * Both paths' traces as JSON (every field; the trace text and the report are functions of
 * it), the memo forgotten first when `cold`.
 */
function bothPaths(scenario: ResolvedScenario, cold: boolean): { fast: string; plain: string } {
  const plainTrace = simulate(scenario, { reuseMachineReactions: false });
  if (cold) forgetMachineReactions();
  return { fast: JSON.stringify(simulate(scenario)), plain: JSON.stringify(plainTrace) };
}

describe('remembered machine reactions', () => {
  it(
    'give the trace every event through an actor gives, over thousands of random nights',
    () => {
      let simulated = 0;
      fc.assert(
        fc.property(scenarioArb(), jobArb, fc.boolean(), ({ document }, job, cold) => {
          const scenario = loaded(job === null ? document : { ...document, job });
          // A random outbox or digest may ask for what a lock kind cannot do; the loader says so.
          if (!scenario) return;
          let paths: { fast: string; plain: string };
          try {
            paths = bothPaths(scenario, cold);
          } catch (error) {
            // A night the engine refuses is refused on both paths alike.
            expect(() => simulate(scenario, { reuseMachineReactions: false })).toThrow();
            expect(String(error)).toMatch(/cannot simulate/);
            return;
          }
          simulated += 1;
          expect(paths.fast).toBe(paths.plain);
        }),
        { numRuns: 2000, seed: SEED },
      );
      expect(simulated).toBeGreaterThan(1500);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'give the same traces for every preset, as it is and with its events moved',
    () => {
      for (const preset of PRESETS) {
        const scenario = loaded(preset.document);
        if (!scenario) throw new Error(`${preset.id} does not load`);
        const cold = bothPaths(scenario, true);
        expect(cold.fast, preset.id).toBe(cold.plain);
        const warm = bothPaths(scenario, false);
        expect(warm.fast, preset.id).toBe(warm.plain);
      }
      fc.assert(
        fc.property(
          fc.constantFrom(...PRESETS),
          fc.integer({ min: -120_000, max: 120_000 }),
          fc.nat(),
          (preset, shiftMs, pick) => {
            const document = structuredClone(preset.document) as { events?: Record<string, unknown>[] };
            const events = document.events ?? [];
            const event = events[pick % Math.max(1, events.length)];
            if (event && typeof event.at === 'string') event.at = shifted(event.at, shiftMs);
            const scenario = loaded(document);
            if (!scenario) return;
            const paths = bothPaths(scenario, pick % 2 === 0);
            expect(paths.fast).toBe(paths.plain);
          },
        ),
        { numRuns: 400, seed: SEED + 1 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
