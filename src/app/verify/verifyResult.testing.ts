/** A `VerifyResult` for the app's verify tests: the course's fenced answer (4,096 nights, safe), with `patch` over it. */
import type { VerifyResult } from '../../verify/verifyDesign';

export function verifyResult(patch: Partial<VerifyResult>): VerifyResult {
  return {
    verdict: 'safe',
    bounds: {
      faults: ['pause', 'crash'],
      maxFaults: 2,
      grid: '2m',
      durations: ['1m', '5m'],
      invariants: ['I3', 'I4'],
      fresh: true,
    },
    alphabetSize: 90,
    nightsCovered: 4096,
    nightsByFaultCount: [1, 90, 4005],
    failingNights: 0,
    failingByFaultCount: [0, 0, 0],
    exhaustive: true,
    simulations: 4185,
    scenario: null,
    smallestFaultCount: null,
    ...patch,
  };
}
