/**
 * Everything a search needs to know about the design under test, worked out once: the file
 * as every tried night starts from (its configuration, and its own events unless `fresh`),
 * the names faults refer to, the window, the fault kinds to try, the invariants that count
 * as breaking, and the instants where the file's own night does something. Pure.
 */
import { defaultEventId } from '../model/defaults';
import { loadScenarioValue } from '../model/loadScenario';
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { simulate } from '../sim/simulate';
import { unsupportedFeatures } from '../sim/supportedFeatures';
import type { Trace } from '../sim/trace';
import { type FaultKind, faultsForScenario } from './faultKinds';
import type { FaultNames } from './searchFault';

export type SearchInvariant = 'I1' | 'I2' | 'I3' | 'I4' | 'I5' | 'I6';
export const SEARCH_INVARIANTS: readonly SearchInvariant[] = ['I1', 'I2', 'I3', 'I4', 'I5', 'I6'];
/** What "breaks" means unless the caller says otherwise: `leaseline check`'s unsafe (docs/scenario-format.md). */
export const DEFAULT_INVARIANTS: readonly SearchInvariant[] = ['I3', 'I4'];

/** At most this many anchor instants; more add little and slow nothing but generation. */
const ANCHORS_MAX = 200;

export interface SearchSpace extends FaultNames {
  /** The file every tried night is made from: its own keys, its kept events. */
  readonly baseDocument: ScenarioDocument;
  readonly baseScenario: ResolvedScenario;
  /** The base night's trace: the night with no fault added. */
  readonly baseTrace: Trace;
  readonly windowFromMs: number;
  readonly windowToMs: number;
  readonly faults: readonly FaultKind[];
  readonly invariants: readonly SearchInvariant[];
  /** Instants of the base night worth aiming a fault at: grants, lease ends, runs, writes. */
  readonly anchorsMs: readonly number[];
  /** Ids the kept events use, so added events get fresh ones. */
  readonly usedEventIds: ReadonlySet<string>;
}

/** Keys of a file that describe a hand-in or a measurement, not the design: a found night drops them. */
const NOT_DESIGN_KEYS = ['measured', 'explanation', 'student', 'exercise'] as const;

/**
 * Loads `document` through the model's loader and prepares the search. Throws an Error that
 * names the problem when the file is invalid, the engine refuses it, or a fault does not
 * apply to it: callers check files first (the CLI reports them as exit 2).
 */
export function searchSpace(
  document: ScenarioDocument,
  options: { fresh?: boolean; faults?: readonly FaultKind[]; invariants?: readonly SearchInvariant[] },
): SearchSpace {
  const copy: Record<string, unknown> = { ...document };
  for (const key of NOT_DESIGN_KEYS) delete copy[key];
  if (options.fresh) copy.events = [];
  const loaded = loadScenarioValue(copy, 'search.json');
  if (!loaded.ok) throw new Error(`the file is not a valid scenario: ${loaded.errors[0]?.message ?? ''}`);
  const scenario = loaded.scenario;
  const refused = unsupportedFeatures(scenario);
  if (refused.length > 0) throw new Error(`the engine cannot simulate this file: ${refused[0]?.message ?? ''}`);
  const applicable = faultsForScenario(scenario);
  const faults = options.faults ?? applicable;
  const stray = faults.find((kind) => !applicable.includes(kind));
  if (stray !== undefined) throw new Error(`"${stray}" does not apply to this file's lock and job`);
  if (faults.length === 0) throw new Error('the search needs at least one fault kind');
  const invariants = options.invariants ?? DEFAULT_INVARIANTS;
  if (invariants.length === 0) throw new Error('the search needs at least one invariant');
  const baseTrace = simulate(scenario);
  const replicaIds = scenario.replicas.map((replica) => replica.id);
  return {
    baseDocument: loaded.document,
    baseScenario: scenario,
    baseTrace,
    replicaIds,
    orders: scenario.job.items.map((item) => item.order),
    clockNodes: [...replicaIds, 'db', ...(scenario.lock.kind === 'redis' ? ['redis'] : [])],
    windowFromMs: scenario.windowFromMs,
    windowToMs: scenario.windowToMs,
    faults,
    invariants,
    anchorsMs: anchorsOf(baseTrace, scenario),
    usedEventIds: new Set(scenario.events.map((event) => event.id ?? defaultEventId(event.index))),
  };
}

function anchorsOf(trace: Trace, scenario: ResolvedScenario): number[] {
  const instants = new Set<number>();
  for (const grant of trace.grants) {
    instants.add(grant.grantMs);
    if (grant.expires) instants.add(grant.intendedEndMs);
  }
  for (const run of trace.runs) if (run.outcome !== 'skipped') instants.add(run.startMs);
  for (const write of trace.writes) instants.add(write.sentMs);
  const inWindow = [...instants]
    .filter((ms) => ms >= scenario.windowFromMs && ms < scenario.windowToMs)
    .sort((a, b) => a - b);
  if (inWindow.length <= ANCHORS_MAX) return inWindow;
  const stride = inWindow.length / ANCHORS_MAX;
  return Array.from({ length: ANCHORS_MAX }, (_, index) => inWindow[Math.floor(index * stride)] as number);
}
