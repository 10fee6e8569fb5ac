/**
 * Safety and robustness of the engine over thousands of random nights (fast-check). The seed
 * is fixed so a failure replays; `npm run soak` runs the same properties 100,000 times.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { simulate } from '../src/sim/simulate';
import type { Trace } from '../src/sim/trace';
import { lockArb, redisEventsArb, redisLockArb, scenarioArb, storageArb } from './arbitraries/scenarioArbitrary';

const SEED = 20261129;

function load(document: Record<string, unknown>): ResolvedScenario {
  const loaded = loadScenarioValue(document, 'generated.json');
  if (!loaded.ok) throw new Error(`generator made an invalid file: ${JSON.stringify(loaded.errors)}`);
  return loaded.scenario;
}

/** Property tests run hundreds of nights; the default 5 s per test is for unit tests. */
const PROPERTY_TIMEOUT_MS = 120_000;

const has = (trace: Trace, invariant: string) => trace.violations.some((v) => v.invariant === invariant);

describe('engine properties', () => {
  it(
    'never throws on a valid scenario, stays within its bounds and is deterministic',
    () => {
      fc.assert(
        fc.property(scenarioArb(), ({ document }) => {
          const scenario = load(document);
          const first = simulate(scenario);
          const second = simulate(load(structuredClone(document)));
          expect(JSON.stringify(second)).toBe(JSON.stringify(first));
          for (const entry of first.entries) {
            expect(entry.atMs).toBeLessThan(scenario.windowToMs);
          }
          // Bookkeeping agrees with itself: the ledger counts are the accepted writes.
          const accepted = first.writes.filter((w) => w.result === 'accepted').length;
          expect(first.appliedCount.reduce((sum, count) => sum + count, 0)).toBe(accepted);
          first.balanceDeltaCents.forEach((delta, index) => {
            // `+ 0` turns the -0 of "0 applications of a debit" into 0.
            expect(delta).toBe((first.appliedCount[index] ?? 0) * (scenario.job.items[index]?.amountCents ?? 0) + 0);
          });
          // A run that ended has an outcome, and no run ends before it started.
          for (const run of first.runs) {
            expect(run.endMs === null).toBe(run.outcome === null);
            if (run.endMs !== null) expect(run.endMs).toBeGreaterThanOrEqual(run.startMs);
          }
        }),
        { numRuns: 400, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'with tokens minted in the grant, per-job fencing and fence-on-acquire, nothing is applied twice and accepted tokens never go down',
    () => {
      const safeLock = lockArb
        .filter((lock) => lock.kind === 'shedlock')
        .map((lock) => ({ ...lock, token: true, tokenMint: 'grant' }));
      const fencedStorage = storageArb.map((storage) => ({ ...storage, fencing: 'job', fenceOnAcquire: true }));
      fc.assert(
        fc.property(scenarioArb({ lock: safeLock, storage: fencedStorage }), ({ document }) => {
          const trace = simulate(load(document));
          expect(has(trace, 'I3')).toBe(false);
          expect(has(trace, 'I4')).toBe(false);
          expect(has(trace, 'I5')).toBe(false);
          expect(trace.appliedCount.every((count) => count <= 1)).toBe(true);
        }),
        { numRuns: 600, seed: SEED + 1 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'tokens minted in the grant always follow grants (I5)',
    () => {
      const lock = lockArb.filter((l) => l.kind === 'shedlock').map((l) => ({ ...l, token: true, tokenMint: 'grant' }));
      fc.assert(
        fc.property(scenarioArb({ lock }), ({ document }) => {
          const trace = simulate(load(document));
          expect(has(trace, 'I5')).toBe(false);
          const tokens = trace.grants.map((grant) => grant.token);
          expect(tokens).toEqual([...tokens].sort((a, b) => (a ?? 0) - (b ?? 0)));
        }),
        { numRuns: 200, seed: SEED + 2 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'with fencing off, the search finds by itself a schedule that applies an item twice',
    () => {
      const lock = lockArb.filter((l) => l.kind === 'shedlock');
      const unfenced = storageArb.map((storage) => ({ ...storage, fencing: 'off', uniqueKey: false }));
      const result = fc.check(
        fc.property(scenarioArb({ lock, storage: unfenced }), ({ document }) => {
          const trace = simulate(load(document));
          return trace.appliedCount.every((count) => count <= 1);
        }),
        { numRuns: 2000, seed: SEED + 3 },
      );
      expect(result.failed).toBe(true);
      const counterexample = result.counterexample?.[0];
      expect(counterexample).toBeDefined();
      if (counterexample) {
        const trace = simulate(load(counterexample.document));
        expect(has(trace, 'I3')).toBe(true);
      }
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('advisory lock properties', () => {
  it(
    'a pause keeps the lock: with no crash, killed session or forced expiry, nothing is applied twice',
    () => {
      const advisory = fc.constant({ kind: 'advisory' });
      const calm = (document: Record<string, unknown>) => ({
        ...document,
        events: (document.events as { type: string }[]).filter(
          (event) => !['crash', 'restart', 'expireLock', 'killSession'].includes(event.type),
        ),
      });
      fc.assert(
        fc.property(scenarioArb({ lock: advisory }), ({ document }) => {
          const trace = simulate(load(calm(document)));
          expect(has(trace, 'I3')).toBe(false);
          expect(has(trace, 'I1')).toBe(false);
        }),
        { numRuns: 300, seed: SEED + 4 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('Redis lock properties', () => {
  it(
    'with the token from the database, per-job fencing and fence-on-acquire, failovers and clock jumps apply nothing twice',
    () => {
      const fenced = storageArb.map((storage) => ({ ...storage, fencing: 'job', fenceOnAcquire: true }));
      fc.assert(
        fc.property(
          scenarioArb({ lock: redisLockArb('db'), storage: fenced, extraEvents: redisEventsArb }),
          ({ document }) => {
            const trace = simulate(load(document));
            expect(has(trace, 'I3')).toBe(false);
            expect(has(trace, 'I4')).toBe(false);
            expect(has(trace, 'I5')).toBe(false);
          },
        ),
        { numRuns: 300, seed: SEED + 5 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'the search finds by itself a failover that hands out the same INCR token twice',
    () => {
      const result = fc.check(
        fc.property(scenarioArb({ lock: redisLockArb('incr'), extraEvents: redisEventsArb }), ({ document }) => {
          const trace = simulate(load(document));
          return !trace.violations.some((violation) => violation.message.key === 'tokenNotIncreasing');
        }),
        { numRuns: 2000, seed: SEED + 6 },
      );
      expect(result.failed).toBe(true);
      const counterexample = result.counterexample?.[0];
      if (!counterexample) throw new Error('no counterexample');
      const trace = simulate(load(counterexample.document));
      const tokens = trace.grants.map((grant) => grant.token);
      expect(new Set(tokens).size).toBeLessThan(tokens.length);
      expect(
        (counterexample.document.events as { type: string }[]).some((event) => event.type === 'redisFailover'),
      ).toBe(true);
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('lease (leader election) properties', () => {
  it(
    'with the epoch as token, per-job fencing and fence-on-acquire, nothing is applied twice',
    () => {
      const lease = fc
        .record({ retry: fc.integer({ min: 500, max: 3000 }), deadline: fc.integer({ min: 4000, max: 12_000 }) })
        .map(({ retry, deadline }) => ({
          kind: 'lease',
          leaseDuration: `${deadline + 3000}ms`,
          renewDeadline: `${deadline}ms`,
          retryPeriod: `${retry}ms`,
          token: true,
        }));
      const fenced = storageArb.map((storage) => ({ ...storage, fencing: 'job', fenceOnAcquire: true }));
      fc.assert(
        fc.property(scenarioArb({ lock: lease, storage: fenced }), ({ document }) => {
          const trace = simulate(load(document));
          expect(has(trace, 'I3')).toBe(false);
          expect(has(trace, 'I4')).toBe(false);
        }),
        { numRuns: 150, seed: SEED + 7 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('lease: a leader that carries on', () => {
  it(
    'the search finds by itself a schedule where a continue leader writes after losing leadership',
    () => {
      const lease = fc.constant({ kind: 'lease', leaseDuration: '15s', renewDeadline: '10s', retryPeriod: '2s' });
      const unfenced = storageArb.map((storage) => ({ ...storage, fencing: 'off' }));
      const result = fc.check(
        fc.property(scenarioArb({ lock: lease, storage: unfenced }), ({ document }) => {
          const continuing = {
            ...document,
            replicas: (document.replicas as Record<string, unknown>[]).map((r) => ({ ...r, onLockLost: 'continue' })),
          };
          const trace = simulate(load(continuing));
          // A write accepted from a replica whose last term had already ended (lost or taken over).
          return !trace.writes.some((write) => {
            const terms = trace.grants.filter(
              (grant) => grant.replica === write.replica && grant.grantMs <= write.sentMs,
            );
            const term = terms.at(-1);
            return (
              write.result === 'accepted' &&
              term !== undefined &&
              term.endReason === 'lost' &&
              (term.endMs ?? 0) < write.sentMs
            );
          });
        }),
        { numRuns: 2000, seed: SEED + 8 },
      );
      expect(result.failed).toBe(true);
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('etcd / ZooKeeper properties', () => {
  it(
    'tokens (create revisions, sequence numbers) are unique and increase with every grant',
    () => {
      const consensus = fc
        .record({ kind: fc.constantFrom('etcd', 'zookeeper'), ttl: fc.integer({ min: 3000, max: 60_000 }) })
        .map(({ kind, ttl }) => ({ kind, sessionTtl: `${ttl}ms`, recheckAfterWait: true }));
      fc.assert(
        fc.property(scenarioArb({ lock: consensus }), ({ document }) => {
          const trace = simulate(load(document));
          expect(has(trace, 'I5')).toBe(false);
          const tokens = trace.grants.map((grant) => grant.token);
          expect(new Set(tokens).size).toBe(tokens.length);
        }),
        { numRuns: 200, seed: SEED + 9 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
