/**
 * Merged futures change no answer (src/verify/nightExplorer.ts): over random designs (every
 * preset, its own events kept or left out) and random bounds (fault kinds that apply to it,
 * grid, lengths, up to two faults, I3 and I4), `verify` with merging gives the counts by fault
 * count, the failing counts and the smallest failing night that re-running every night from
 * its parent gives (which the brute force holds equal to `check`, tests/verifyPresets.test.ts).
 * It also never runs more. A key that left out what a future depends on fails here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { PRESETS } from '../src/presets/catalogue';
import { type FaultKind, faultsForScenario } from '../src/search/faultKinds';
import { type SearchInvariant, searchSpace } from '../src/search/searchSpace';
import { exploreNights } from '../src/verify/exploreNights';
import { faultAlphabet } from '../src/verify/faultAlphabet';
import type { VerifyBounds } from '../src/verify/verifyBounds';

/** Alphabets larger than this are skipped: the unmerged side re-runs every night. */
const ALPHABET_MAX = 60;

const design = fc.record({
  preset: fc.constantFrom(...PRESETS.map((preset) => preset.id)),
  kindsSeed: fc.integer({ min: 1, max: 1023 }),
  gridMs: fc.constantFrom(90_000, 120_000, 180_000, 240_000),
  durationsMs: fc.subarray([10_000, 60_000, 120_000, 300_000], { minLength: 1, maxLength: 2 }),
  maxFaults: fc.constantFrom(1, 2, 2),
  fresh: fc.boolean(),
  invariants: fc.constantFrom<SearchInvariant[]>(['I3', 'I4'], ['I3'], ['I4']),
});

describe('verify merges futures without changing its answer', () => {
  it('equals re-running every night, on random designs and bounds', () => {
    let compared = 0;
    let merged = 0;
    fc.assert(
      fc.property(design, (drawn) => {
        const preset = PRESETS.find((entry) => entry.id === drawn.preset);
        const loaded = loadScenarioValue(preset?.document, 'preset.json');
        if (!loaded.ok) throw new Error(`preset ${drawn.preset} does not load`);
        const applicable = faultsForScenario(loaded.scenario);
        const faults = applicable.filter((_, index) => (drawn.kindsSeed >> index) & 1) as FaultKind[];
        if (faults.length === 0) return;
        const bounds: VerifyBounds = { ...drawn, faults };
        const space = searchSpace(loaded.document as ScenarioDocument, {
          fresh: drawn.fresh,
          faults,
          invariants: drawn.invariants,
        });
        const alphabet = faultAlphabet(space, bounds);
        if (alphabet.length > ALPHABET_MAX) return;
        const options = {
          maxFaults: drawn.maxFaults,
          countAll: true,
          grid: { startMs: space.windowFromMs, intervalMs: drawn.gridMs },
        };
        const withMerging = exploreNights(space, alphabet, options);
        const rerunning = exploreNights(space, alphabet, { ...options, mergeFutures: false });
        expect(withMerging.nightsByFaultCount).toEqual(rerunning.nightsByFaultCount);
        expect(withMerging.failingByFaultCount).toEqual(rerunning.failingByFaultCount);
        expect(withMerging.smallest?.document ?? null).toEqual(rerunning.smallest?.document ?? null);
        expect(withMerging.simulations).toBeLessThanOrEqual(rerunning.simulations);
        compared += 1;
        if (withMerging.simulations < rerunning.simulations) merged += 1;
      }),
      { numRuns: 40, seed: 20261205 },
    );
    // The property compared real designs, and merging saved runs on some of them.
    expect(compared).toBeGreaterThan(20);
    expect(merged).toBeGreaterThan(0);
  }, 600_000);

  it('catches a future that differs in what a replica is doing: the unfenced flagship, every count', () => {
    const preset = PRESETS.find((entry) => entry.id === 's07-fencing-off');
    const loaded = loadScenarioValue(preset?.document, 'preset.json');
    if (!loaded.ok) throw new Error('s07-fencing-off does not load');
    const bounds: VerifyBounds = {
      faults: ['pause', 'crash'],
      maxFaults: 2,
      gridMs: 60_000,
      durationsMs: [60_000, 300_000],
      invariants: ['I3', 'I4'],
      fresh: true,
    };
    const space = searchSpace(loaded.document as ScenarioDocument, bounds);
    const alphabet = faultAlphabet(space, bounds);
    const options = { maxFaults: 2, countAll: true, grid: { startMs: space.windowFromMs, intervalMs: 60_000 } };
    const withMerging = exploreNights(space, alphabet, options);
    const rerunning = exploreNights(space, alphabet, { ...options, mergeFutures: false });
    expect(withMerging.failingByFaultCount).toEqual(rerunning.failingByFaultCount);
    expect(withMerging.nightsByFaultCount).toEqual(rerunning.nightsByFaultCount);
    expect(withMerging.simulations).toBeLessThan(rerunning.simulations);
  }, 600_000);
});
