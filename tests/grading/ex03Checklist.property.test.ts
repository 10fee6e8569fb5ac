/**
 * The EX03 checklist over generated nights of every lock kind: it never throws, always has
 * the six items in order, and what it claims is consistent with the trace it read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../../src/model/loadScenario';
import { EX03_ITEM_IDS, ex03Checklist } from '../../src/sim/readings/ex03Checklist';
import { simulate } from '../../src/sim/simulate';
import { scenarioArb } from '../arbitraries/scenarioArbitrary';

describe('ex03Checklist over generated nights', { timeout: 120_000 }, () => {
  it('is well-formed and agrees with the trace', () => {
    fc.assert(
      fc.property(scenarioArb(), ({ document }) => {
        const loaded = loadScenarioValue(document, 'generated.json');
        if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
        const trace = simulate(loaded.scenario);
        const checklist = ex03Checklist(loaded.scenario, trace);
        expect(checklist.items.map((item) => item.id)).toEqual([...EX03_ITEM_IDS]);
        expect(checklist.complete).toBe(checklist.items.every((item) => item.done));
        for (const item of checklist.items) {
          expect(item.done).toBe(item.atMs !== null);
          if (item.done) expect(trace.replicaIds).toContain(item.replica);
        }
        const [acquires, , , takeover, , bothApplied] = checklist.items;
        // Anything at all needs a grant; a takeover is by someone else; a double apply is I3.
        expect(acquires?.done).toBe(trace.grants.length > 0);
        if (takeover?.done) expect(takeover.replica).not.toBe(acquires?.replica);
        if (bothApplied?.done) expect(trace.violations.some((violation) => violation.invariant === 'I3')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
