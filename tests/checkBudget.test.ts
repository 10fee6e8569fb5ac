/**
 * The performance budget check fails, naming the figure, its value and the limit, when a
 * figure crosses its limit or is missing; passes when all are within.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = resolve('scripts/check-budget.ts');
const tsx = resolve('node_modules/.bin/tsx');

const TIME_LIMIT = { file: 'engine.json', figure: 'a.b', max: 10, unit: 'ms', why: 'test', dependsOnMachine: true };
const RATIO_LIMIT = { file: 'engine.json', figure: 'a.r', max: 0.5, unit: 'x', why: 'test', dependsOnMachine: false };

function runIn(figures: Record<string, unknown> | null, limits: object[] = [TIME_LIMIT], args: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'leaseline-budget-'));
  try {
    writeFileSync(join(dir, 'perf-budget.json'), JSON.stringify({ limits }));
    if (figures) {
      mkdirSync(join(dir, 'bench-results'));
      writeFileSync(join(dir, 'bench-results', 'engine.json'), JSON.stringify(figures));
    }
    const result = spawnSync(tsx, [script, ...args], { cwd: dir, encoding: 'utf8' });
    const counts = JSON.parse(readFileSync(join(dir, '.tmp', 'budget-results.json'), 'utf8')) as {
      passed: number;
      failed: number;
    };
    return { ...result, counts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

  it('--machine-independent (npm test) holds bytes and same-run ratios, never an absolute time', () => {
    const result = runIn({ a: { b: 99, r: 0.4 } }, [TIME_LIMIT, RATIO_LIMIT], ['--machine-independent']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('ok     engine.a.r = 0.4 x');
    expect(result.stdout).not.toContain('engine.a.b');
    expect(result.stdout).toContain('1 within budget, 0 over (1 absolute times left to `npm run budget`)');
    expect(result.counts).toEqual({ passed: 1, failed: 0 });
  }, 60_000);

  it('--machine-independent still fails a ratio over its limit', () => {
    const result = runIn({ a: { b: 1, r: 0.7 } }, [TIME_LIMIT, RATIO_LIMIT], ['--machine-independent']);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('FAILED engine.a.r = 0.7 x, over the limit of 0.5 x');
    expect(result.counts).toEqual({ passed: 0, failed: 1 });
  }, 60_000);

  it('fails a limit that does not say whether it depends on the machine', () => {
    const { dependsOnMachine: _, ...unmarked } = RATIO_LIMIT;
    const result = runIn({ a: { r: 0.1 } }, [unmarked], ['--machine-independent']);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('says neither "dependsOnMachine": true nor false');
  }, 60_000);
});

describe('perf-budget.json', () => {
  const { limits } = JSON.parse(readFileSync('perf-budget.json', 'utf8')) as {
    limits: { figure: string; unit: string; dependsOnMachine: boolean }[];
  };

  it('leaves every absolute time to npm run budget: npm test holds only bytes and ratios', () => {
    for (const limit of limits) {
      expect(typeof limit.dependsOnMachine, limit.figure).toBe('boolean');
      if (!limit.dependsOnMachine) expect(['B', 'x'], limit.figure).toContain(limit.unit);
      if (limit.unit === 'ms') expect(limit.dependsOnMachine, limit.figure).toBe(true);
    }
    expect(limits.filter((limit) => !limit.dependsOnMachine).length).toBeGreaterThan(0);
  });
});
