/**
 * The night of a document: load, simulate, check. Pure apart from a cache keyed on the
 * document object (documents are immutable: every edit makes a new one), so re-rendering,
 * undoing back to a document and the drag ghost cost nothing.
 */
import { loadScenarioValue } from '../../model/loadScenario';
import type { ResolvedScenario } from '../../model/resolvedScenario';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { buildCheckReport } from '../../sim/checkReport';
import type { CheckReport } from '../../sim/checkReportTypes';
import { type KeyMoment, keyMoments } from '../../sim/keyMoments';
import { simulate } from '../../sim/simulate';
import { unsupportedFeatures } from '../../sim/supportedFeatures';
import type { Trace } from '../../sim/trace';

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

const cache = new WeakMap<ScenarioDocument, Night>();

/** Never throws: an invalid file and an engine failure are data the page shows. */
export function nightOf(document: ScenarioDocument, file = 'scenario.json'): Night {
  const cached = cache.get(document);
  if (cached) return cached;
  const night = computeNight(document, file);
  cache.set(document, night);
  return night;
}

function computeNight(document: ScenarioDocument, file: string): Night {
  const loaded = loadScenarioValue(document, file);
  if (!loaded.ok) return { kind: 'invalid', errors: loaded.errors };
  const unsupported = unsupportedFeatures(loaded.scenario);
  if (unsupported.length > 0) return { kind: 'invalid', errors: unsupported };
  try {
    const trace = simulate(loaded.scenario);
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
