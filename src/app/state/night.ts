/**
 * The night of a document: load, simulate, check. Pure apart from a cache keyed on the
 * document object (documents are immutable: every edit makes a new one), so re-rendering,
 * undoing a step or two and the drag ghost cost nothing. The cache keeps the nights used
 * last (LRU), not one per document of the undo history: a big night's trace is megabytes.
 */
import { loadScenarioValue } from '../../model/loadScenario';
import type { ResolvedScenario } from '../../model/resolvedScenario';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { buildCheckReport } from '../../sim/readings/checkReport';
import type { CheckReport } from '../../sim/readings/checkReportTypes';
import { type KeyMoment, keyMoments } from '../../sim/readings/keyMoments';
import { simulate } from '../../sim/simulate';
import { unsupportedFeatures } from '../../sim/supportedFeatures';
import type { Trace } from '../../sim/trace';
import { createLruCache } from './lruCache';

export type Night =
  | {
      readonly kind: 'ok';
      readonly scenario: ResolvedScenario;
      readonly trace: Trace;
      readonly report: CheckReport;
      /** The night's story in moments (sim/keyMoments): the chart's words and the key-moment steps. */
      readonly keyMoments: readonly KeyMoment[];
    }
  | { readonly kind: 'invalid'; readonly errors: readonly { readonly path: string; readonly message: string }[] }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * How many nights the cache keeps: the committed one, a few undo steps, the drag's origin and
 * its latest previews, a lesson step revisited. More would only hold memory (a 12-hour night
 * is tens of megabytes); a night that fell out is simulated again when it is needed.
 */
export const NIGHT_CACHE_CAPACITY = 16;

const cache = createLruCache<ScenarioDocument, Night>(NIGHT_CACHE_CAPACITY);

/** Never throws: an invalid file and an engine failure are data the page shows. */
export function nightOf(document: ScenarioDocument, file = 'scenario.json'): Night {
  const cached = cache.get(document);
  if (cached) return cached;
  const night = computeNight(document, file);
  cache.set(document, night);
  return night;
}

/** Whether the document's night is cached (so `nightOf` would not simulate). */
export function hasNight(document: ScenarioDocument): boolean {
  return cache.has(document);
}

/**
 * Keeps a night simulated elsewhere (the night worker) as the document's, so `nightOf` finds
 * it: computeNight is deterministic, so it is the night `nightOf` would have made.
 */
export function rememberNight(document: ScenarioDocument, night: Night): void {
  cache.set(document, night);
}

/** Forgets the document's night (a drag's preview another preview replaced), if it is cached. */
export function forgetNight(document: ScenarioDocument): void {
  cache.delete(document);
}

/**
 * Loads, simulates and checks one document, uncached; never throws. Pure. `run` is how the
 * scenario becomes a trace: `simulate`, or a re-simulation from a drag's origin
 * (`incrementalNight.ts`), which gives the same trace.
 */
export function computeNight(
  document: ScenarioDocument,
  file = 'scenario.json',
  run: (scenario: ResolvedScenario) => Trace = simulate,
): Night {
  const loaded = loadScenarioValue(document, file);
  if (!loaded.ok) return { kind: 'invalid', errors: loaded.errors };
  const unsupported = unsupportedFeatures(loaded.scenario);
  if (unsupported.length > 0) return { kind: 'invalid', errors: unsupported };
  try {
    const trace = run(loaded.scenario);
    return {
      kind: 'ok',
      scenario: loaded.scenario,
      trace,
      report: buildCheckReport(file, loaded.scenario, trace),
      keyMoments: keyMoments(trace, loaded.scenario),
    };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
