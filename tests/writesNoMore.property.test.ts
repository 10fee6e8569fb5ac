/**
 * `writesNoMore` (src/verify/writesNoMore.ts) lets `leaseline verify` stop a night, or not run
 * it at all, where no order can be written again: its claim is held here to whole runs. On
 * random nights of every reconciliation preset, with every fault kind that applies: from any
 * instant of a one-minute grid where a night's state is settled (one picked at random), the
 * rest of that night writes nothing, and neither does the night with one more fault of the
 * alphabet striking at that instant, the very nights verify judges without running them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { PRESETS } from '../src/presets/catalogue';
import { simulateWithCheckpoints } from '../src/sim/checkpoints/resimulate';
import { simulate } from '../src/sim/simulate';
import { orderInstantMs } from '../src/verify/faultAlphabet';
import { startsAtItsInstant } from '../src/verify/remainingEvents';
import { appliedMoreThanOnce, writesNoMore } from '../src/verify/writesNoMore';
import { presetAlphabet } from './presetAlphabet';

const GRID_MS = 60_000;

const RECONCILING = PRESETS.filter((preset) => {
  const loaded = loadScenarioValue(preset.document, 'preset.json');
  return loaded.ok && loaded.scenario.job.kind === 'reconcile';
});

/** Writes that reach the database at or after `fromMs`. */
function writesFrom(scenario: ResolvedScenario, fromMs: number): number {
  return simulate(scenario).writes.filter((write) => write.atMs >= fromMs).length;
}

describe('a settled night writes no more', () => {
  it('has reconciliation presets to hold it to', () => {
    expect(RECONCILING.length).toBeGreaterThan(10);
  });

  it('from any instant its state is settled, with or without one more fault there', () => {
    let settled = 0;
    let withFault = 0;
    let twice = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...RECONCILING.map((preset) => preset.id)),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 0, maxLength: 2 }),
        fc.nat(),
        fc.nat(),
        (id, fresh, picks, settlePick, extraPick) => {
          const { alphabet, elements, assemble } = presetAlphabet(id, fresh, GRID_MS, [10_000, 60_000, 300_000]);
          const indices = [...new Set(picks.map((pick) => pick % alphabet.length))].sort((a, b) => a - b);
          if (indices.some((index) => elements[index] === null)) return;
          const scenario = assemble(indices);
          const night = simulateWithCheckpoints(scenario, {}, { startMs: scenario.windowFromMs, intervalMs: GRID_MS });
          // Any of the instants where it is settled (a night settles, then polls, then settles again).
          const settledAll = night.checkpoints.filter((checkpoint) => writesNoMore(checkpoint.world.state, scenario));
          const settledAt = settledAll[settlePick % Math.max(1, settledAll.length)];
          if (settledAt === undefined) return;
          settled += 1;
          const fromMs = settledAt.boundaryMs;
          expect(writesFrom(scenario, fromMs), `${id}: a write after ${fromMs}`).toBe(0);
          // The applications so far are the night's: I3 at its end is decided at the instant.
          expect(appliedMoreThanOnce(settledAt.world.state)).toBe(
            night.trace.violations.some((violation) => violation.invariant === 'I3'),
          );
          if (appliedMoreThanOnce(settledAt.world.state)) twice += 1;
          // One more fault from a later instant on (verify's order: it strikes no earlier).
          const later = alphabet
            .map((fault, index) => ({ fault, index }))
            .filter(
              ({ fault, index }) =>
                index > (indices.at(-1) ?? -1) &&
                elements[index] !== null &&
                startsAtItsInstant(fault) &&
                orderInstantMs(fault) >= settledAt.boundaryMs &&
                orderInstantMs(fault) <= settledAt.holdsUntilMs,
            );
          const extra = later[extraPick % Math.max(1, later.length)];
          if (extra === undefined) return;
          withFault += 1;
          expect(writesFrom(assemble([...indices, extra.index]), fromMs), `${id} + ${extra.fault.kind}`).toBe(0);
        },
      ),
      { numRuns: 400, seed: 9173 },
    );
    // The claim was tested on many settled nights, with faults added, and on nights already broken.
    expect(settled).toBeGreaterThan(200);
    expect(withFault).toBeGreaterThan(200);
    expect(twice).toBeGreaterThan(20);
  }, 600_000);
});
