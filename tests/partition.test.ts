/**
 * `partition` (docs/scenario-format.md): the replica cannot reach the lock service in the span; requests
 * time out after 3 s. With a ShedLock (database) lock the database is the lock service, so
 * the holder's keep-alive and its writes are lost alike.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import { buildCheckReport } from '../src/sim/readings/checkReport';
import { simulate } from '../src/sim/simulate';

function run(document: Record<string, unknown>) {
  const loaded = loadScenarioValue({ format: 'leaseline/scenario', version: 1, ...document }, 'partition.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const trace = simulate(loaded.scenario);
  return { trace, report: buildCheckReport('partition.json', loaded.scenario, trace) };
}

const polls = ['A', 'B', 'C'].map((id, index) => ({
  id,
  trigger: { at: '02:00:00', every: '60s', phase: `${[0, 10, 40][index]}s` },
}));

describe('partition', () => {
  it('a holder cut off from the database loses its keep-alive and its writes, and B finishes the night', () => {
    const { trace, report } = run({
      window: { from: '02:00:00', to: '02:06:00' },
      replicas: polls,
      job: { skipIfDone: true },
      lock: { kind: 'shedlock', lockAtMostFor: '60s', keepAlive: true, token: true },
      storage: { fencing: 'job' },
      events: [{ type: 'partition', replica: 'A', from: '02:00:25', to: '02:03:00' }],
    });
    // The keep-alive at 02:00:30 never arrives: A hears of it at 02:00:33 and, as ShedLock
    // does, only logs it. Its write of #1001 at 02:00:50 times out at 02:00:53: A aborts.
    const timeouts = trace.entries.filter((entry) => entry.kind === 'timeout');
    expect(
      timeouts.map((entry) => (entry.kind === 'timeout' ? `${entry.request} ${entry.atMs - 7_200_000}` : '')),
      // A's own polls at 02:01:00 and 02:02:00 cannot check the night either.
    ).toEqual(['extend 33000', 'write 53000', 'release 56000', 'dueCheck 63000', 'dueCheck 123000']);
    expect(report.runs.filter((r) => r.outcome !== 'skipped').map((r) => `${r.replica} ${r.outcome}`)).toEqual([
      'A aborted',
      'B done',
    ]);
    expect(trace.runs.find((r) => r.replica === 'A' && r.outcome === 'aborted')?.reason).toBe('unreachable');
    expect(report.writes.map((w) => `${w.replica} ${w.order}`)).toEqual([
      'B 1001',
      'B 1002',
      'B 1003',
      'B 1004',
      'B 1005',
    ]);
    expect(report.safe).toBe(true);
  });

  it('a trigger that cannot reach the database skips, and a night without a lock has no lock service to lose', () => {
    const cut = run({
      replicas: [{ id: 'A' }],
      events: [{ type: 'partition', replica: 'A', from: '01:59:00', to: '02:05:00' }],
    });
    expect(cut.trace.runs.map((r) => `${r.outcome} ${r.reason}`)).toEqual(['skipped unreachable']);
    const unlocked = run({
      replicas: [{ id: 'A' }],
      lock: { kind: 'none' },
      events: [{ type: 'partition', replica: 'A', from: '01:59:00', to: '02:05:00' }],
    });
    expect(unlocked.trace.runs.map((r) => r.outcome)).toEqual(['done']);
  });
});
