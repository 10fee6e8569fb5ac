import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from './loadScenario';
import { formatScenarioError } from './scenarioError';

const scenario = (fields: Record<string, unknown>) => ({ format: 'leaseline/scenario', version: 1, ...fields });

function errorsOf(value: unknown): string[] {
  const result = loadScenarioValue(value, 's07.json');
  return result.ok ? [] : result.errors.map(formatScenarioError);
}

describe('cross-field checks', () => {
  it('needs events to name replicas, nodes and orders that exist', () => {
    const value = scenario({
      events: [
        { type: 'pause', replica: 'D', at: '02:01:00', for: '6m' },
        { type: 'clockJump', node: 'ntp', at: '02:01:00', by: '1m' },
        { type: 'pauseBeforeWrite', replica: 'A', order: 2001, for: '1m' },
        { type: 'delayWrite', replica: 'B', order: 1003, by: '90s' },
        { type: 'clockJump', node: 'redis', at: '02:01:00', by: '1m' },
      ],
    });
    expect(errorsOf(value)).toEqual([
      's07.json: events[0].replica: "D" is not a replica of this scenario; the replicas are A, B, C',
      's07.json: events[1].node: "ntp" is not a node; use a replica id (A, B, C), "db" or "redis"',
      "s07.json: events[2].order: 2001 is not one of the job's orders (1001, 1002, 1003, 1004, 1005)",
    ]);
  });

  it("judges references against the file's own replicas and items", () => {
    const value = scenario({
      replicas: [{ id: 'api-1' }, {}],
      job: { items: [{ order: 7, amount: '1.00' }] },
      events: [
        { type: 'crash', replica: 'B', at: '02:01:00' },
        { type: 'crash', replica: 'C', at: '02:01:00' },
        { type: 'delayWrite', replica: 'api-1', order: 1001, by: '1s' },
      ],
    });
    expect(errorsOf(value)).toEqual([
      's07.json: events[1].replica: "C" is not a replica of this scenario; the replicas are api-1, B',
      "s07.json: events[2].order: 1001 is not one of the job's orders (7)",
    ]);
  });

  it('needs unique replica ids, default ids included', () => {
    expect(errorsOf(scenario({ replicas: [{ id: 'A' }, { id: 'A' }] }))).toEqual([
      's07.json: replicas[1].id: "A" is already the id of replicas[0]',
    ]);
    expect(errorsOf(scenario({ replicas: [{}, { id: 'A' }] }))).toEqual([
      's07.json: replicas[1].id: "A" is already the default id of replicas[0]',
    ]);
    expect(errorsOf(scenario({ replicas: [{ id: 'B' }, {}] }))).toEqual([
      's07.json: replicas[0].id: "B" is also the default id of replicas[1]; choose another',
    ]);
  });

  it('needs unique event ids and item orders', () => {
    const value = scenario({
      job: {
        items: [
          { order: 1, amount: '1.00' },
          { order: 1, amount: '2.00' },
        ],
      },
      events: [
        { id: 'p1', type: 'expireLock', at: '02:01:00' },
        { id: 'p1', type: 'expireLock', at: '02:02:00' },
        { id: 'e3', type: 'expireLock', at: '02:02:00' },
        { type: 'expireLock', at: '02:02:00' },
      ],
    });
    expect(errorsOf(value)).toEqual([
      's07.json: job.items[1].order: order 1 is already in job.items[0]',
      's07.json: events[1].id: "p1" is already the id of events[0]',
      's07.json: events[2].id: "e3" is also the default id of events[3]; choose another',
    ]);
  });

  it('needs windows and spans to run forwards, defaults included', () => {
    const value = scenario({
      window: { from: '02:30:00' },
      events: [
        { type: 'partition', replica: 'A', from: '02:05:00', to: '02:05:00' },
        { type: 'starveRenewer', replica: 'A', from: '02:05:00', to: '02:06:00' },
      ],
    });
    expect(errorsOf(value)).toEqual([
      's07.json: window.from: the window must end after it starts: the default end "02:10:00" is not after "02:30:00"',
      's07.json: events[0].to: the span must end after it starts: "02:05:00" is not after "02:05:00"',
    ]);
    expect(errorsOf(scenario({ window: { from: '03:00:00', to: '02:00:00' } }))).toEqual([
      's07.json: window.to: the window must end after it starts: "02:00:00" is not after "03:00:00"',
    ]);
  });

  it('reports type errors and reference errors together, in document order', () => {
    const value = scenario({
      events: [
        { type: 'pause', replica: 'Z', at: '2:01', for: '6m' },
        { type: 'crash', replica: 'A', at: '02:00:00' },
      ],
      replicas: [{ id: 'A', perItem: 'slow' }],
    });
    expect(errorsOf(value)).toEqual([
      's07.json: events[0].replica: "Z" is not a replica of this scenario; the replicas are A',
      's07.json: events[0].at: "2:01" is not a time of night; write hh:mm:ss, e.g. "02:01:30" or "02:01:30.250"',
      's07.json: replicas[0].perItem: "slow" is not a duration; write e.g. "60s"',
    ]);
  });

  it('does not judge references against a replica list that is itself broken', () => {
    const value = scenario({ replicas: 'A,B', events: [{ type: 'crash', replica: 'A', at: '02:00:00' }] });
    expect(errorsOf(value)).toEqual(['s07.json: replicas: "A,B" is not a list of replicas; write e.g. [ ... ]']);
  });
});
