/**
 * The one outcome every fuzzed input must have, through the path the app takes: it opens (the
 * scenario resolves and its night runs, or the engine refuses it by JSON path as the app shows
 * it) or it is refused with a typed error naming the source, the JSON path and the reason.
 * Never a throw, never an error without words.
 */
import { expect } from 'vitest';
import type { LoadResult } from '../../src/model/loadScenario';
import { simulate } from '../../src/sim/simulate';
import { unsupportedFeatures } from '../../src/sim/supportedFeatures';

export type Outcome = 'opened' | 'refusedByEngine' | 'refused';

export function expectOpensOrRefuses(result: LoadResult): Outcome {
  if (!result.ok) {
    expect(result.errors.length).toBeGreaterThan(0);
    for (const error of result.errors) {
      expect(typeof error.source === 'string' && error.source.length > 0).toBe(true);
      expect(typeof error.path === 'string' && error.path.length > 0).toBe(true);
      expect(typeof error.message === 'string' && error.message.length > 0).toBe(true);
    }
    return 'refused';
  }
  const refusals = unsupportedFeatures(result.scenario);
  if (refusals.length > 0) {
    for (const refusal of refusals) expect(refusal.message.length).toBeGreaterThan(0);
    return 'refusedByEngine';
  }
  const trace = simulate(result.scenario);
  expect(trace.windowToMs).toBe(result.scenario.windowToMs);
  return 'opened';
}
