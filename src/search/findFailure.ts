/**
 * INTERIM search for a failing night: one fault at a time on a 10-second grid (a pause of a
 * replica, or a Redis failover when the lock has a Redis replica), each night checked with
 * `simulate()`, then shrunk (a shorter pause, an earlier start). It implements the search
 * layer's interface (`findFailure`, `faultsFor`) so the app's "Find a failure" and its tests
 * run on a real search; the full search (every fault kind, combinations, fast-check
 * generation and shrinking) takes its place with the same exports. Only `pause` and
 * `redisFailover` are searched here, and a "not found" result says so in `faults`.
 *
 * Pure and deterministic: the same document and options give the same result.
 */
import { formatDurationMs } from '../model/duration';
import { loadScenarioValue } from '../model/loadScenario';
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { EventDocument, ScenarioDocument } from '../model/scenarioSchema';
import { formatTimeOfNightShort } from '../model/timeOfNight';
import { simulate } from '../sim/simulate';
import { unsupportedFeatures } from '../sim/supportedFeatures';
import type { Trace } from '../sim/trace';

export type FaultKind =
  | 'pause'
  | 'pauseBeforeWrite'
  | 'crash'
  | 'clockJump'
  | 'delayWrite'
  | 'partition'
  | 'starveRenewer'
  | 'redisFailover'
  | 'killSession'
  | 'expireLock';
export type SearchInvariant = 'I1' | 'I2' | 'I3' | 'I4' | 'I5' | 'I6';

export interface SearchOptions {
  readonly budget: number;
  readonly seed: number;
  readonly faults?: readonly FaultKind[];
  readonly fresh?: boolean;
  readonly invariants?: readonly SearchInvariant[];
}

export interface SearchProgress {
  readonly tried: number;
  readonly budget: number;
  readonly phase: 'search' | 'shrink';
  readonly bestEventCount: number | null;
}

export type SearchResult =
  | {
      readonly found: true;
      readonly seed: number;
      readonly schedulesTried: number;
      readonly shrinkSteps: number;
      readonly scenario: ScenarioDocument;
      readonly addedEventIndices: readonly number[];
      readonly violations: readonly SearchInvariant[];
    }
  | {
      readonly found: false;
      readonly seed: number;
      readonly schedulesTried: number;
      readonly faults: readonly FaultKind[];
    };

/** The fault kinds that make sense for the document's lock kind. */
export function faultsFor(document: ScenarioDocument): FaultKind[] {
  const common: FaultKind[] = ['pause', 'pauseBeforeWrite', 'crash', 'clockJump', 'delayWrite', 'partition'];
  switch (document.lock?.kind) {
    case 'shedlock':
      return [...common, 'starveRenewer', 'expireLock'];
    case 'redis':
      return [...common, 'redisFailover'];
    case 'advisory':
      return [...common, 'killSession', 'expireLock'];
    default:
      return common;
  }
}

/** The kinds this interim search tries. */
const SEARCHED: readonly FaultKind[] = ['pause', 'pauseBeforeWrite', 'redisFailover'];
/** Pause lengths tried, shortest first: a shorter breaking pause is found before a longer one. */
const PAUSE_LENGTHS_MS = [10_000, 30_000, 60_000, 120_000, 180_000, 300_000, 360_000, 600_000, 900_000, 1_800_000];
const GRID_STEP_MS = 10_000;
/** A failover loses what was not yet replicated (lag of about a second): a finer grid. */
const FAILOVER_STEP_MS = 1000;
/** How often (in nights tried) progress is reported. */
const PROGRESS_EVERY = 25;

type Fault =
  | { readonly kind: 'pause'; readonly replica: string; readonly atMs: number; readonly forMs: number }
  | { readonly kind: 'pauseBeforeWrite'; readonly replica: string; readonly order: number; readonly forMs: number }
  | { readonly kind: 'redisFailover'; readonly atMs: number };

export function findFailure(
  document: ScenarioDocument,
  options: SearchOptions,
  onProgress?: (p: SearchProgress) => void,
): SearchResult {
  const invariants = options.invariants ?? ['I3', 'I4'];
  const allowed = options.faults ?? faultsFor(document);
  const hasRedisReplica = document.lock?.kind === 'redis' && document.lock.replica !== undefined;
  const searched = SEARCHED.filter((kind) => allowed.includes(kind) && (kind !== 'redisFailover' || hasRedisReplica));
  const kept = options.fresh ? [] : (document.events ?? []);
  const base: ScenarioDocument = { ...document, events: [...kept] };
  const loaded = loadScenarioValue(base, 'search.json');
  if (!loaded.ok) throw new Error(`cannot search an invalid scenario: ${loaded.errors[0]?.message ?? ''}`);

  let tried = 0;
  const breaks = (fault: Fault | null): SearchInvariant[] | null => {
    const violated = violationsOf(nightWith(base, fault), invariants);
    return violated !== null && violated.length > 0 ? violated : null;
  };
  const report = (phase: 'search' | 'shrink', best: number | null) =>
    onProgress?.({ tried, budget: options.budget, phase, bestEventCount: best });

  report('search', null);
  const candidates = faultCandidates(loaded.scenario, options.seed, searched);
  for (const candidate of candidates) {
    if (tried >= options.budget) break;
    tried += 1;
    const violated = breaks(candidate);
    if (tried % PROGRESS_EVERY === 0) report('search', null);
    if (violated === null) continue;
    report('shrink', 1);
    const { fault, steps } = shrink(candidate, (next) => breaks(next) !== null);
    const scenario = withStory(nightWith(base, fault), fault);
    return {
      found: true,
      seed: options.seed,
      schedulesTried: tried,
      shrinkSteps: steps,
      scenario,
      addedEventIndices: [kept.length],
      violations: breaks(fault) ?? violated,
    };
  }
  report('search', null);
  return { found: false, seed: options.seed, schedulesTried: tried, faults: searched };
}

/**
 * Failovers at every grid instant, then pauses of every replica at every grid start, lengths
 * shortest first. The seed picks where in each group's grid the search starts.
 */
function faultCandidates(scenario: ResolvedScenario, seed: number, kinds: readonly FaultKind[]): Fault[] {
  const instants = (stepMs: number) => {
    const all: number[] = [];
    for (let atMs = scenario.windowFromMs; atMs < scenario.windowToMs; atMs += stepMs) all.push(atMs);
    return all;
  };
  const groups: Fault[][] = [];
  if (kinds.includes('redisFailover'))
    groups.push(instants(FAILOVER_STEP_MS).map((atMs): Fault => ({ kind: 'redisFailover', atMs })));
  for (const forMs of PAUSE_LENGTHS_MS) {
    if (kinds.includes('pause'))
      groups.push(
        instants(GRID_STEP_MS).flatMap((atMs) =>
          scenario.replicas.map((replica): Fault => ({ kind: 'pause', replica: replica.id, atMs, forMs })),
        ),
      );
    if (kinds.includes('pauseBeforeWrite'))
      groups.push(
        scenario.job.items.flatMap(({ order }) =>
          scenario.replicas.map((replica): Fault => ({ kind: 'pauseBeforeWrite', replica: replica.id, order, forMs })),
        ),
      );
  }
  return groups.flatMap((group) => {
    const offset = group.length > 0 ? Math.abs(Math.trunc(seed)) % group.length : 0;
    return [...group.slice(offset), ...group.slice(0, offset)];
  });
}

/** A shorter pause (whole seconds), then an earlier start, while the night still breaks. */
function shrink(found: Fault, stillBreaks: (fault: Fault) => boolean): { fault: Fault; steps: number } {
  let fault = found;
  let steps = 0;
  if (fault.kind !== 'redisFailover') {
    // Binary search for the shortest breaking length in whole seconds.
    let lowS = 1;
    let highS = Math.round(fault.forMs / 1000);
    while (lowS < highS) {
      const midS = Math.floor((lowS + highS) / 2);
      const next: Fault = { ...fault, forMs: midS * 1000 };
      if (stillBreaks(next)) {
        highS = midS;
        fault = next;
        steps += 1;
      } else lowS = midS + 1;
    }
  }
  for (let back = 1; back <= 6 && fault.kind !== 'pauseBeforeWrite'; back++) {
    const next: Fault = { ...fault, atMs: fault.atMs - (fault.kind === 'pause' ? GRID_STEP_MS : FAILOVER_STEP_MS) };
    if (!stillBreaks(next)) break;
    fault = next;
    steps += 1;
  }
  return { fault, steps };
}

function eventOf(fault: Fault): EventDocument {
  switch (fault.kind) {
    case 'redisFailover':
      return { id: 'found-failover', type: 'redisFailover', at: formatTimeOfNightShort(fault.atMs) };
    case 'pauseBeforeWrite':
      return {
        id: 'found-pause',
        type: 'pauseBeforeWrite',
        replica: fault.replica,
        order: fault.order,
        for: formatDurationMs(fault.forMs),
      };
    case 'pause':
      return {
        id: 'found-pause',
        type: 'pause',
        replica: fault.replica,
        at: formatTimeOfNightShort(fault.atMs),
        for: formatDurationMs(fault.forMs),
      };
  }
}

function nightWith(base: ScenarioDocument, fault: Fault | null): ScenarioDocument {
  if (fault === null) return base;
  return { ...base, events: [...(base.events ?? []), eventOf(fault)] };
}

/** The invariants the night violates among those searched for; null when it cannot run. */
function violationsOf(document: ScenarioDocument, invariants: readonly SearchInvariant[]): SearchInvariant[] | null {
  const loaded = loadScenarioValue(document, 'search.json');
  if (!loaded.ok || unsupportedFeatures(loaded.scenario).length > 0) return null;
  let trace: Trace;
  try {
    trace = simulate(loaded.scenario);
  } catch {
    return null;
  }
  const found = new Set<SearchInvariant>();
  for (const violation of trace.violations) {
    if ((invariants as readonly string[]).includes(violation.invariant))
      found.add(violation.invariant as SearchInvariant);
  }
  return [...found].sort();
}

function withStory(document: ScenarioDocument, fault: Fault): ScenarioDocument {
  const count = (document.events ?? []).length;
  const what =
    fault.kind === 'pause'
      ? `A stop-the-world pause of ${formatDurationMs(fault.forMs)} hits ${fault.replica} at ${formatTimeOfNightShort(fault.atMs)}`
      : fault.kind === 'pauseBeforeWrite'
        ? `${fault.replica} pauses for ${formatDurationMs(fault.forMs)} just before it writes #${fault.order}`
        : `The Redis primary fails over at ${formatTimeOfNightShort(fault.atMs)}`;
  return {
    ...document,
    title: `Found: a ${count}-event night that breaks this design`,
    description: `${what}, and the night ends unsafe. The search found it and shrank it: no shorter or earlier fault on its grid still breaks the design.`,
  };
}
