/** The engine stays within its bounds on valid files that ask for absurd amounts of work. */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import { buildCheckReport } from '../src/sim/readings/checkReport';
import { simulate } from '../src/sim/simulate';
import { MAX_STEPS } from '../src/sim/simulation';

describe('engine bounds', () => {
  it('stops a night of millisecond polls at its step budget and says where', () => {
    const replicas = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((id) => ({
      id,
      trigger: { at: '02:00:00', every: '1ms' },
    }));
    const loaded = loadScenarioValue(
      { format: 'leaseline/scenario', version: 1, window: { from: '00:00:00', to: '47:59:59' }, replicas },
      'busy.json',
    );
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const trace = simulate(loaded.scenario);
    expect(trace.truncatedAtMs).not.toBeNull();
    expect(trace.truncatedAtMs ?? 0).toBeLessThan(loaded.scenario.windowToMs);
    expect(trace.machineEventCount).toBeLessThanOrEqual(2 * MAX_STEPS);
    const report = buildCheckReport('busy.json', loaded.scenario, trace);
    expect(report.truncatedAt).toMatch(/^02:\d\d:\d\d\.\d{3}$/);
    // Truncation is not a missed run: the night was not simulated to its end.
    expect(report.violations.some((v) => v.invariant === 'I6')).toBe(false);
  }, 60_000);

  it('reports no truncation for an ordinary night', () => {
    const loaded = loadScenarioValue({ format: 'leaseline/scenario', version: 1 }, 'default.json');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const trace = simulate(loaded.scenario);
    expect(trace.truncatedAtMs).toBeNull();
    expect('truncatedAt' in buildCheckReport('default.json', loaded.scenario, trace)).toBe(false);
  });
});
