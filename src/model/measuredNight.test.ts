import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from './loadScenario';
import { measuredOf } from './measuredNight';

const fixtureText = readFileSync(
  join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'measured-night.json'),
  'utf8',
);

describe('the measured section of a scenario file', () => {
  it('a file written by leaseline lab --out loads, and its measured night reads back', () => {
    const loaded = loadScenarioText(fixtureText, 'night.json');
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const measured = measuredOf(loaded.document);
    expect(measured?.report.source).toBe('lab');
    expect(measured?.report.grants.map((grant) => grant.token)).toEqual([7, 8]);
    expect(measured?.statements.length).toBeGreaterThan(10);
  });

  it("the lab's whole report loads without a warning: verdict, acceptance, file, violations, timings, redis, etcd", () => {
    const file = JSON.parse(fixtureText);
    Object.assign(file.measured.report, {
      verdict: 'safe',
      acceptance: { happened: true, steps: [], missing: [] },
      file: 'lab',
      violations: [],
      timings: { totalMs: 9799, databaseStartMs: 2106 },
      redis: { server: 'redis-server 7.0.15, primary and replica', failover: null },
      etcd: { server: 'etcd 3.4.23, one member' },
    });
    const loaded = loadScenarioText(JSON.stringify(file), 'night.json');
    expect(loaded.ok).toBe(true);
    expect(loaded.warnings).toEqual([]);
    file.measured.report.verdictt = 'safe';
    const misspelt = loadScenarioText(JSON.stringify(file), 'night.json');
    expect(misspelt.warnings.map((warning) => warning.path)).toEqual(['measured.report.verdictt']);
  });

  it('a broken measured section names the file, the JSON path and the reason', () => {
    const file = JSON.parse(fixtureText);
    file.measured.report.writes[1].result = 'maybe';
    file.measured.statements[0].rows = -1;
    delete file.measured.report.grants[0].token;
    const loaded = loadScenarioText(JSON.stringify(file), 'night.json');
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    const paths = loaded.errors.map((error) => `${error.source}: ${error.path}`);
    expect(paths).toEqual([
      'night.json: measured.report.grants[0].token',
      'night.json: measured.report.writes[1].result',
      'night.json: measured.statements[0].rows',
    ]);
    expect(loaded.errors[1]?.message).toMatch(/"maybe" is not a write result/);
  });

  it('a file without a measured section has no measured night', () => {
    expect(measuredOf({})).toBeNull();
  });
});
