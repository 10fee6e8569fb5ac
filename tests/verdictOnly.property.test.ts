/**
 * A night run for its verdict alone (`SimulateOptions.verdictOnly`, what `leaseline verify`
 * runs) keeps no trace entries and no service lanes, and everything else is the full run's:
 * over random nights of every lock kind and job kind, and every preset, the violations,
 * grants, writes, runs, zombie windows and database outcome are equal, run whole and
 * re-simulated from a checkpoint. An engine that read its own log back would fail here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { PRESETS } from '../src/presets/catalogue';
import { resimulate, simulateWithCheckpoints } from '../src/sim/checkpoints/resimulate';
import { simulate } from '../src/sim/simulate';
import type { Trace } from '../src/sim/trace';
import { jobArb } from './arbitraries/jobArbitrary';
import { scenarioArb } from './arbitraries/scenarioArbitrary';

/** The trace less what a verdict-only run leaves out. */
function verdictPart(trace: Trace): string {
  const { entries: _entries, services: _services, ...rest } = trace;
  return JSON.stringify(rest);
}

function loaded(document: unknown): ResolvedScenario | null {
  const result = loadScenarioValue(document, 'generated.json');
  return result.ok ? result.scenario : null;
}

function bothWays(scenario: ResolvedScenario): { full: Trace; verdictOnly: Trace } | null {
  try {
    return { full: simulate(scenario), verdictOnly: simulate(scenario, { verdictOnly: true }) };
  } catch (error) {
    expect(String(error)).toMatch(/cannot simulate/);
    return null;
  }
}

describe('a night run for its verdict alone', () => {
  it('has the full run’s violations, grants, writes and runs, on random nights', () => {
    let compared = 0;
    let withEntries = 0;
    fc.assert(
      fc.property(
        fc
          .tuple(scenarioArb(), jobArb)
          .map(([shape, job]) => (job === null ? shape.document : { ...shape.document, job })),
        (document) => {
          const scenario = loaded(document);
          if (scenario === null) return;
          const runs = bothWays(scenario);
          if (runs === null) return;
          expect(runs.verdictOnly.entries).toEqual([]);
          expect(verdictPart(runs.verdictOnly)).toBe(verdictPart(runs.full));
          compared += 1;
          if (runs.full.entries.length > 0) withEntries += 1;
        },
      ),
      { numRuns: 600, seed: 20261206 },
    );
    expect(compared).toBeGreaterThan(300);
    expect(withEntries).toBeGreaterThan(300);
  }, 600_000);

  it('has them on every preset, run whole and re-simulated from a checkpoint', () => {
    for (const preset of PRESETS) {
      const scenario = loaded(preset.document);
      if (scenario === null) throw new Error(`${preset.id} does not load`);
      const runs = bothWays(scenario);
      if (runs === null) continue;
      expect(verdictPart(runs.verdictOnly), preset.id).toBe(verdictPart(runs.full));
      // Re-simulated with its first event moved a minute later: the same as the full run of that night.
      const document = structuredClone(preset.document) as { events?: { at?: string }[] };
      const first = document.events?.[0];
      if (!first?.at) continue;
      const [hours, minutes, seconds] = first.at.split(':').map(Number) as [number, number, number];
      first.at = `${String(hours).padStart(2, '0')}:${String((minutes + 1) % 60).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
      const moved = loaded(document);
      if (moved === null) continue;
      const origin = simulateWithCheckpoints(scenario, { verdictOnly: true });
      expect(verdictPart(resimulate(origin, moved).trace), preset.id).toBe(verdictPart(simulate(moved)));
    }
  }, 600_000);
});
