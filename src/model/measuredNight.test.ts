import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from './loadScenario';
import { measuredLockOf, measuredOf } from './measuredNight';

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

  it('a file without lockService (written before it) was measured on PostgreSQL', () => {
    const loaded = loadScenarioText(fixtureText, 'night.json');
    if (!loaded.ok) throw new Error('the fixture does not load');
    const measured = measuredOf(loaded.document);
    if (measured === null) throw new Error('no measured night');
    expect(measured.lockService).toBeUndefined();
    expect(measuredLockOf(measured)).toEqual({ service: 'postgresql', failover: false });
  });

  it('lockService and failover say where the lab ran: Redis with a failover, etcd', () => {
    const file = JSON.parse(fixtureText);
    const lockOf = (fields: object) => {
      const loaded = loadScenarioText(JSON.stringify({ ...file, measured: { ...file.measured, ...fields } }), 'n.json');
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
      expect(loaded.warnings).toEqual([]);
      const measured = measuredOf(loaded.document);
      return measured === null ? null : measuredLockOf(measured);
    };
    expect(lockOf({ lockService: 'redis', failover: true })).toEqual({ service: 'redis', failover: true });
    expect(lockOf({ lockService: 'redis' })).toEqual({ service: 'redis', failover: false });
    expect(lockOf({ lockService: 'etcd' })).toEqual({ service: 'etcd', failover: false });
    // A failover is Redis's only: on another service the flag means nothing.
    expect(lockOf({ lockService: 'postgresql', failover: true })).toEqual({ service: 'postgresql', failover: false });
  });

  it('an unknown lock service stops the file from opening, naming its path', () => {
    const file = JSON.parse(fixtureText);
    file.measured.lockService = 'zookeeper';
    const loaded = loadScenarioText(JSON.stringify(file), 'night.json');
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.errors.map((error) => error.path)).toEqual(['measured.lockService']);
    expect(loaded.errors[0]?.message).toMatch(
      /"zookeeper" is not a lab lock service; use one of: postgresql, redis, etcd/,
    );
  });
});
