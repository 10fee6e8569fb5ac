/**
 * Runs one tried night and says which of the searched invariants it breaks: the file is
 * built and loaded (`nightFile.ts`), the engine's refusals are respected, `simulate()` runs
 * it. Pure and deterministic: the same night gives the same verdict.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import { simulate } from '../sim/simulate';
import { unsupportedFeatures } from '../sim/supportedFeatures';
import type { Trace } from '../sim/trace';
import { loadNight, type NightFile, nightFile } from './nightFile';
import type { SearchNight } from './searchFault';
import type { SearchInvariant, SearchSpace } from './searchSpace';

export interface JudgedNight {
  readonly file: NightFile;
  readonly scenario: ResolvedScenario;
  readonly trace: Trace;
  /** The searched invariants the night violates, in `space.invariants` order; empty: it holds. */
  readonly violated: readonly SearchInvariant[];
}

export function judgeNight(space: SearchSpace, night: SearchNight): JudgedNight {
  const file = nightFile(space, night);
  const scenario = loadNight(file.document);
  const refused = unsupportedFeatures(scenario);
  if (refused.length > 0) {
    throw new Error(`the search made a night the engine refuses: ${refused[0]?.path}: ${refused[0]?.message}`);
  }
  const trace = simulate(scenario);
  return { file, scenario, trace, violated: violatedInvariants(trace, space.invariants) };
}

/** Which of `invariants` the trace records a violation of. */
export function violatedInvariants(trace: Trace, invariants: readonly SearchInvariant[]): SearchInvariant[] {
  return invariants.filter((invariant) => trace.violations.some((violation) => violation.invariant === invariant));
}
