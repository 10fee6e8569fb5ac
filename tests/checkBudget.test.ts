/**
 * The performance budget check fails, naming the figure, its value and the limit, when a
 * figure crosses its limit or is missing; passes when all are within.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';

const script = resolve('scripts/check-budget.ts');
const tsx = resolve('node_modules/.bin/tsx');

function runIn(figures: Record<string, unknown> | null) {
  const dir = mkdtempSync(join(tmpdir(), 'leaseline-budget-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'perf-budget.json'),
    JSON.stringify({ limits: [{ file: 'engine.json', figure: 'a.b', max: 10, unit: 'ms', why: 'test' }] }),
  );
  if (figures) {
    mkdirSync(join(dir, 'bench-results'));
    writeFileSync(join(dir, 'bench-results', 'engine.json'), JSON.stringify(figures));
  }
  return spawnSync(tsx, [script], { cwd: dir, encoding: 'utf8' });
}

describe('check-budget', () => {
  it('passes when every figure is within its limit', () => {
    const result = runIn({ a: { b: 9.5 } });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('ok     engine.a.b = 9.5 ms (limit 10 ms');
  }, 60_000);

  it('fails with the figure and the limit when one is crossed', () => {
    const result = runIn({ a: { b: 12 } });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('FAILED engine.a.b = 12 ms, over the limit of 10 ms');
  }, 60_000);

  it('fails when a figure is missing', () => {
    const result = runIn(null);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('FAILED engine.a.b: no figure');
  }, 60_000);
});
