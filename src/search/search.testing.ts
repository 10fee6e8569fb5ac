/** Test helpers: presets as documents, and a found night checked again by the engine. */
import { loadScenarioValue } from '../model/loadScenario';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { findPreset } from '../presets/catalogue';
import { buildCheckReport } from '../sim/readings/checkReport';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import { simulate } from '../sim/simulate';
import { unsupportedFeatures } from '../sim/supportedFeatures';
import type { Trace } from '../sim/trace';

export function presetDocument(id: string): ScenarioDocument {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  return preset.document as ScenarioDocument;
}

/** Loads, refuses and simulates `document` as `leaseline check` does. */
export function recheck(document: ScenarioDocument): { report: CheckReport; trace: Trace } {
  const loaded = loadScenarioValue(JSON.parse(JSON.stringify(document)), 'found.json');
  if (!loaded.ok) throw new Error(`the found night does not load: ${JSON.stringify(loaded.errors)}`);
  const refused = unsupportedFeatures(loaded.scenario);
  if (refused.length > 0) throw new Error(`the engine refuses the found night: ${JSON.stringify(refused)}`);
  const trace = simulate(loaded.scenario);
  return { report: buildCheckReport('found.json', loaded.scenario, trace), trace };
}
