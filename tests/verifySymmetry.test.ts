/**
 * Why `verify` folds no replicas together (docs/verify.md, "No symmetry"): even two replicas
 * of equal configuration are not interchangeable in the engine, because events at the same
 * instant are taken in replica order (`eventQueue.popOrder`), so the lower index wins every
 * tie. A night and the night with its faults moved to the twin are then different nights,
 * here one unsafe and one safe, and counting one for the other would be wrong.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { findPreset } from '../src/presets/catalogue';
import { simulate } from '../src/sim/simulate';
import type { Trace } from '../src/sim/trace';

const flagship = findPreset('s07-fencing-off')?.document as ScenarioDocument;

/** The unfenced flagship with B configured as A is (its trigger's phase 0 s, like A's), and no events. */
const twins: ScenarioDocument = {
  ...flagship,
  replicas: (flagship.replicas ?? []).map((replica) =>
    replica.id === 'B' ? { ...replica, trigger: { at: '02:00:00', every: '60s', phase: '0s' } } : replica,
  ),
  events: [],
};

function night(events: ScenarioDocument['events']): Trace {
  const loaded = loadScenarioValue({ ...twins, events }, 'twins.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return simulate(loaded.scenario);
}

const pauseOf = (replica: string) => [{ id: 'f1', type: 'pause' as const, replica, at: '02:01:30', for: '6m' }];
const swapped = (replica: string) => (replica === 'A' ? 'B' : replica === 'B' ? 'A' : replica);

describe('replicas of equal configuration are not interchangeable', () => {
  it('A and B are configured alike but for their names, and A wins the tie at 02:00:00', () => {
    const [a, b] = twins.replicas ?? [];
    expect({ ...a, id: 'B', host: b?.host }).toEqual(b);
    const base = night([]);
    expect(base.grants[0]).toMatchObject({ replica: 'A', grantMs: expect.any(Number) });
  });

  it('the same pause on A breaks the night, on B it does not: swapping the twins changes the verdict', () => {
    const onA = night(pauseOf('A'));
    const onB = night(pauseOf('B'));
    expect(onA.violations.length).toBeGreaterThan(0);
    expect(onB.violations).toEqual([]);
    // Not a renaming either: who held the lock, renamed, is not the twin night's.
    expect(onA.grants.map((grant) => swapped(grant.replica))).not.toEqual(onB.grants.map((grant) => grant.replica));
  });
});
