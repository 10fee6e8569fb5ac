/**
 * `leaseline verify` against the brute force (verifyBruteForce.ts) on other designs and every
 * fault kind: a Redis failover and a forced expiry, a killed advisory session, starved
 * renewers and partitions, delayed writes, pauses before a write and clock jumps (which the
 * engine re-runs from the start), with and without the file's own events. Small bounds keep
 * each brute force to a few hundred nights.
 */
import { describe, expect, it } from 'vitest';
import { VERIFY_BOUNDS_DEFAULT, type VerifyBounds } from '../src/verify/verifyBounds';
import { verifyDesign } from '../src/verify/verifyDesign';
import { bruteForce, nightWithoutWords, presetDocument } from './verifyBruteForce';

const CASES: readonly { id: string; bounds: Partial<VerifyBounds> }[] = [
  {
    id: 's10-redis-failover',
    bounds: {
      faults: ['pause', 'redisFailover', 'expireLock'],
      maxFaults: 2,
      gridMs: 60_000,
      durationsMs: [60_000],
      fresh: true,
    },
  },
  {
    id: 's19b-advisory-killed-session',
    bounds: { faults: ['crash', 'killSession'], maxFaults: 1, gridMs: 120_000, durationsMs: [60_000, 300_000] },
  },
  {
    id: 's22-keepalive-starved',
    bounds: { faults: ['starveRenewer', 'partition'], maxFaults: 1, gridMs: 60_000, durationsMs: [60_000, 300_000] },
  },
  {
    id: 's09-delayed-write',
    bounds: {
      faults: ['delayWrite', 'pauseBeforeWrite', 'clockJump'],
      maxFaults: 1,
      gridMs: 300_000,
      durationsMs: [60_000, 300_000],
      fresh: true,
    },
  },
  {
    id: 's14-paused-leader',
    bounds: {
      faults: ['pause', 'partition', 'starveRenewer'],
      maxFaults: 2,
      gridMs: 120_000,
      durationsMs: [60_000],
      fresh: true,
    },
  },
  {
    id: 's15-etcd-session-expires',
    bounds: {
      faults: ['crash', 'partition'],
      maxFaults: 1,
      gridMs: 180_000,
      durationsMs: [60_000, 300_000],
      invariants: ['I1', 'I3', 'I4'],
    },
  },
];

/** Verify's answer, after holding it equal to the brute force's. */
function verifiedAgainstBruteForce(id: string, bounds: VerifyBounds) {
  const document = presetDocument(id);
  const expected = bruteForce(document, bounds);
  const counted = verifyDesign(document, { ...bounds, countAll: true });
  expect({
    verdict: counted.verdict,
    alphabetSize: counted.alphabetSize,
    nightsByFaultCount: counted.nightsByFaultCount,
    failingByFaultCount: counted.failingByFaultCount,
    smallest: counted.scenario === null ? null : nightWithoutWords(counted.scenario),
  }).toEqual({
    verdict: expected.verdict,
    alphabetSize: expected.alphabetSize,
    nightsByFaultCount: expected.nightsByFaultCount,
    failingByFaultCount: expected.failingByFaultCount,
    smallest: expected.smallestText === null ? null : nightWithoutWords(JSON.parse(expected.smallestText)),
  });
  const first = verifyDesign(document, { ...bounds, countAll: false });
  expect(first.scenario).toEqual(counted.scenario);
  expect(first.simulations).toBeLessThanOrEqual(counted.simulations);
  return counted;
}

describe('verify equals checking every night on other designs', () => {
  for (const { id, bounds: partial } of CASES) {
    const bounds: VerifyBounds = { ...VERIFY_BOUNDS_DEFAULT, ...partial };
    it(`${id} with ${bounds.faults.join(', ')} up to ${bounds.maxFaults}`, () => {
      verifiedAgainstBruteForce(id, bounds);
    });
  }

  it("leaves out the sets the loader refuses, and keeps the file's own events", () => {
    // A crash at 02:06 restarting 46 hours later would restart at 48:06, past the last time
    // of night a file can hold: the loader refuses that set, so it is no night.
    const bounds: VerifyBounds = {
      ...VERIFY_BOUNDS_DEFAULT,
      faults: ['pause', 'crash'],
      maxFaults: 2,
      gridMs: 360_000,
      durationsMs: [60_000, 46 * 3_600_000],
    };
    const counted = verifiedAgainstBruteForce('s07-fencing-off', bounds);
    const size = counted.alphabetSize;
    expect(counted.nightsByFaultCount[1]).toBeLessThan(size);
    expect(counted.nightsByFaultCount[2]).toBeLessThan((size * (size - 1)) / 2);
    expect(counted.failingByFaultCount[0]).toBe(1);
  });
});
