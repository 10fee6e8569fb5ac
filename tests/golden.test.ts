/**
 * Golden traces and reports for every preset. A mismatch writes `<id>.*.changed.*` beside the
 * golden for review; to accept a reviewed change, rename it over the golden (or run with
 * LEASELINE_UPDATE_GOLDEN=1).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import { PRESETS } from '../src/presets/catalogue';
import { buildCheckReport } from '../src/sim/readings/checkReport';
import { renderTraceText } from '../src/sim/readings/traceText';
import { simulate } from '../src/sim/simulate';

const GOLDEN_DIR = join(import.meta.dirname, 'golden');
const update = process.env.LEASELINE_UPDATE_GOLDEN === '1';

function compareGolden(name: string, extension: string, actual: string): void {
  const goldenPath = join(GOLDEN_DIR, `${name}.${extension}`);
  const changedPath = join(GOLDEN_DIR, `${name}.changed.${extension}`);
  if (update || !existsSync(goldenPath)) writeFileSync(goldenPath, actual);
  const expected = readFileSync(goldenPath, 'utf8');
  if (expected === actual) {
    rmSync(changedPath, { force: true });
    return;
  }
  writeFileSync(changedPath, actual);
  expect.fail(`${name}.${extension} differs from its golden; review ${changedPath}`);
}

describe('golden presets', () => {
  for (const preset of PRESETS) {
    it(`${preset.id} replays its golden trace and report`, () => {
      const loaded = loadScenarioValue(preset.document, `${preset.id}.json`);
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
      const trace = simulate(loaded.scenario);
      compareGolden(preset.id, 'trace.txt', renderTraceText(trace));
      const report = buildCheckReport(`${preset.id}.json`, loaded.scenario, trace);
      compareGolden(preset.id, 'report.json', `${JSON.stringify(report, null, 2)}\n`);
    });
  }
});
