/** Test helper: loads a preset, simulates it and builds its report. */
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { findPreset } from '../src/presets/catalogue';
import { buildCheckReport } from '../src/sim/readings/checkReport';
import type { CheckReport } from '../src/sim/readings/checkReportTypes';
import { simulate } from '../src/sim/simulate';
import type { Trace } from '../src/sim/trace';

export interface PresetRun {
  readonly scenario: ResolvedScenario;
  readonly trace: Trace;
  readonly report: CheckReport;
}

export function runPreset(id: string): PresetRun {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  const loaded = loadScenarioValue(preset.document, `${id}.json`);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const trace = simulate(loaded.scenario);
  return { scenario: loaded.scenario, trace, report: buildCheckReport(`${id}.json`, loaded.scenario, trace) };
}

/** The writes of a report as compact `replica order token sentAt result` strings. */
export function writeLines(report: CheckReport): string[] {
  return report.writes.map((w) => `${w.replica} ${w.order} t${w.token ?? '-'} ${w.sentAt} ${w.result}`);
}

/** Runs that did not skip, as `replica token start-end outcome`. */
export function runLines(report: CheckReport): string[] {
  return report.runs
    .filter((run) => run.outcome !== 'skipped')
    .map(
      (run) => `${run.replica} t${run.token ?? '-'} ${run.start}-${run.end ?? 'running'} ${run.outcome ?? 'running'}`,
    );
}
