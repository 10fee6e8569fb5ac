/**
 * `resimulateWatched` (src/sim/checkpoints/resimulate.ts), the run `leaseline verify` stops
 * where a night's state meets one already judged: run to the end it gives `resimulate`'s
 * trace; it asks at grid instants after its start only, in order; the key it reads of the
 * running night is the key of a checkpoint of the same night at that instant; and stopped, it
 * gives the violations found before the stop.
 */
import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { findPreset } from '../src/presets/catalogue';
import type { SearchFault } from '../src/search/searchFault';
import { searchSpace } from '../src/search/searchSpace';
import { futureKey } from '../src/sim/checkpoints/futureKey';
import {
  environmentSeqFromOf,
  resimulate,
  resimulateWatched,
  simulateWithCheckpoints,
} from '../src/sim/checkpoints/resimulate';
import { loadVerifyNight, verifyNightFile } from '../src/verify/verifyNight';

const GRID_MS = 30_000;

function nights(presetId: string, faults: readonly SearchFault[]) {
  const document = findPreset(presetId)?.document as ScenarioDocument;
  const space = searchSpace(document, { fresh: true, faults: ['pause', 'crash'], invariants: ['I3', 'I4'] });
  const base = loadVerifyNight(verifyNightFile(space, []));
  const next = loadVerifyNight(verifyNightFile(space, faults));
  if (base === null || next === null) throw new Error(`${presetId}: a night does not load`);
  const grid = { startMs: space.windowFromMs, intervalMs: GRID_MS };
  return { previous: simulateWithCheckpoints(base, {}, grid), next, grid };
}

const CASES: { presetId: string; faults: SearchFault[] }[] = [
  { presetId: 's07-fencing-on', faults: [{ kind: 'pause', replica: 0, atMs: 7_200_000, forMs: 10_000 }] },
  { presetId: 's07-fencing-off', faults: [{ kind: 'pause', replica: 0, atMs: 7_200_000, forMs: 60_000 }] },
  {
    presetId: 's07-fencing-on',
    faults: [{ kind: 'crash', replica: 1, atMs: 7_230_000, restartAfterMs: 60_000 }],
  },
];

describe('a re-run verify may stop where the future is known', () => {
  for (const { presetId, faults } of CASES) {
    const label = `${presetId} + ${faults.map((fault) => fault.kind).join(', ')}`;

    it(`${label}: never stopped, it gives resimulate's trace; asked at later grid instants, in order`, () => {
      const { previous, next, grid } = nights(presetId, faults);
      const afterMs = (faults[0] as { atMs: number }).atMs;
      const asked: number[] = [];
      const run = resimulateWatched(previous, next, {
        afterMs,
        mergesAt: (instantMs) => {
          asked.push(instantMs);
          return false;
        },
      });
      expect(run.stoppedAtMs).toBeNull();
      if (run.stoppedAtMs !== null) return;
      expect(JSON.stringify(run.trace)).toBe(JSON.stringify(resimulate(previous, next).trace));
      expect(asked.length).toBeGreaterThan(2);
      for (const [index, instantMs] of asked.entries()) {
        expect(instantMs).toBeGreaterThan(afterMs);
        expect((instantMs - grid.startMs) % grid.intervalMs).toBe(0);
        if (index > 0) expect(instantMs).toBeGreaterThan(asked[index - 1] as number);
      }
    });

    it(`${label}: the running night's key is its checkpoint's key at that instant`, () => {
      const { previous, next, grid } = nights(presetId, faults);
      const whole = simulateWithCheckpoints(next, {}, grid);
      let compared = 0;
      resimulateWatched(previous, next, {
        afterMs: (faults[0] as { atMs: number }).atMs,
        mergesAt: (instantMs, live) => {
          const checkpoint = whole.checkpoints.find(
            (candidate) => candidate.boundaryMs <= instantMs && instantMs <= candidate.holdsUntilMs,
          );
          if (checkpoint) {
            expect(live.key()).toBe(futureKey(checkpoint, environmentSeqFromOf(whole)));
            compared += 1;
          }
          return false;
        },
      });
      expect(compared).toBeGreaterThan(2);
    });

    it(`${label}: stopped, it gives the violations found before the stop`, () => {
      const { previous, next } = nights(presetId, faults);
      const full = resimulate(previous, next).trace;
      let stopAtMs = 0;
      const run = resimulateWatched(previous, next, {
        afterMs: (faults[0] as { atMs: number }).atMs,
        mergesAt: (instantMs) => {
          stopAtMs = instantMs;
          return instantMs >= full.windowToMs - 3 * GRID_MS;
        },
      });
      expect(run.stoppedAtMs).not.toBeNull();
      if (run.stoppedAtMs === null) return;
      expect(run.stoppedAtMs).toBeLessThanOrEqual(stopAtMs);
      const runtime = (invariant: string) => invariant === 'I4' || invariant === 'I7';
      const before = full.violations.filter((violation) => runtime(violation.invariant) && violation.atMs < stopAtMs);
      expect(run.violations.filter((violation) => runtime(violation.invariant))).toEqual(
        expect.arrayContaining(before),
      );
    });
  }
});
