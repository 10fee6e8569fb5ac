/**
 * The app's one door to the engine: turn a preset into what the page shows. Pure apart from
 * a cache (the same preset object always gives the same answer, since simulate() is
 * deterministic), so switching back to a preset is instant and React can memoise on it.
 *
 * Compute loop (ARCHITECTURE.md): scenario file -> loadScenarioValue() -> ResolvedScenario
 * -> simulate() -> Trace -> buildCheckReport() -> CheckReport.
 */
import { loadScenarioValue } from '../model/loadScenario';
import type { Preset } from '../presets/presetTypes';
import { buildCheckReport } from '../sim/checkReport';
import type { CheckReport } from '../sim/checkReportTypes';
import { simulate } from '../sim/simulate';

type LoadFailure = Extract<ReturnType<typeof loadScenarioValue>, { ok: false }>;
export type LoadError = LoadFailure['errors'][number];

export type PresetCheck =
  | {
      readonly kind: 'report';
      readonly title: string;
      readonly description: string;
      readonly file: string;
      readonly report: CheckReport;
    }
  | { readonly kind: 'invalid'; readonly file: string; readonly errors: readonly LoadError[] }
  | { readonly kind: 'failed'; readonly file: string; readonly message: string };

const cache = new WeakMap<Preset, PresetCheck>();

/** The file name a preset is reported under, as `leaseline preset ID > ID.json` would save it. */
export function presetFileName(preset: Preset): string {
  return `${preset.id}.json`;
}

/** Loads, simulates and checks one preset. Never throws: an engine failure becomes data. */
export function checkPreset(preset: Preset): PresetCheck {
  const cached = cache.get(preset);
  if (cached) return cached;
  const result = computeCheck(preset);
  cache.set(preset, result);
  return result;
}

function computeCheck(preset: Preset): PresetCheck {
  const file = presetFileName(preset);
  const loaded = loadScenarioValue(preset.document, file);
  if (!loaded.ok) return { kind: 'invalid', file, errors: loaded.errors };
  try {
    const trace = simulate(loaded.scenario);
    const report = buildCheckReport(file, loaded.scenario, trace);
    const { title, description } = loaded.scenario;
    return { kind: 'report', title, description, file, report };
  } catch (error) {
    // An assertion inside the engine is a bug, but the page should say so, not go blank.
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'failed', file, message };
  }
}
