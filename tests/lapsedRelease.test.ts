/**
 * A ShedLock lease that lapsed with nobody taking over ends at its lock_until, not at the
 * holder's late release (which moves lock_until to "now"): the lock lane and the report must
 * show the lease as ShedLock had it, expired from lock_until on.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import { buildCheckReport } from '../src/sim/readings/checkReport';
import { simulate } from '../src/sim/simulate';

describe('a lapsed ShedLock lease released late', () => {
  it('ends at its lock_until, as expired', () => {
    // One trigger each, no retries: B and C are denied at 02:00 and never come back, so A's
    // 1-minute lease lapses at 02:01:00.002 and A releases at the end of its run (02:03:00).
    const loaded = loadScenarioValue(
      {
        format: 'leaseline/scenario',
        version: 1,
        lock: { kind: 'shedlock', lockAtMostFor: '1m' },
      },
      'lapsed.json',
    );
    if (!loaded.ok) throw new Error('invalid');
    const trace = simulate(loaded.scenario);
    const grant = trace.grants[0];
    expect(trace.grants).toHaveLength(1);
    expect(grant?.endReason).toBe('expired');
    expect(grant?.intendedEndMs).toBe(7_260_002);
    const report = buildCheckReport('lapsed.json', loaded.scenario, trace);
    expect(report.grants[0]?.until).toBe('02:01:00.002');
    expect(report.runs[0]?.end).not.toBeNull();
  });
});
