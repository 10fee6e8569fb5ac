/**
 * `leaseline verify`, spawned as a user runs it: the real clock and core count wired in by
 * main.ts, the smallest failing night written with --out and checked again as unsafe, and a
 * wrong option named without a stack trace.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leaseline, SPAWN_TIMEOUT_MS, savePreset, temporaryFolder } from './spawnLeaseline.testing';

const TEMP = temporaryFolder('leaseline-verify-');

describe('leaseline verify, spawned', { timeout: 4 * SPAWN_TIMEOUT_MS }, () => {
  it('exits 1 on the unfenced flagship, writes the smallest night, which check finds unsafe', () => {
    const unfenced = savePreset(TEMP, 's07-fencing-off');
    const found = join(TEMP, 'found.json');
    const run = leaseline('verify', unfenced, '--fresh', '--grid', '2m', '--durations', '5m', '--json', '--out', found);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const answer = JSON.parse(run.stdout) as { verdict: string; elapsedMs: number; report: { file: string } };
    expect(answer.verdict).toBe('unsafe');
    expect(Number.isInteger(answer.elapsedMs) && answer.elapsedMs >= 0).toBe(true);
    expect(answer.report.file).toBe(found);
    const check = leaseline('check', found);
    expect(check.status).toBe(1);
    expect(check.stdout.startsWith(`UNSAFE ${found}: `)).toBe(true);
  });

  it.runIf(availableParallelism() >= 2)('gives the same bytes on two threads as on one', () => {
    const unfenced = savePreset(TEMP, 's07-fencing-off');
    const args = ['verify', unfenced, '--fresh', '--grid', '2m', '--durations', '5m', '--count', '--json'];
    const withoutClock = (stdout: string) => stdout.replace(/"elapsedMs": \d+/, '"elapsedMs": 0');
    const one = leaseline(...args, '--workers', '1');
    const two = leaseline(...args, '--workers', '2');
    expect(one.status).toBe(1);
    expect(two.stderr).toBe('');
    expect(two.status).toBe(1);
    expect(withoutClock(two.stdout)).toBe(withoutClock(one.stdout));
    expect((JSON.parse(one.stdout) as { failingNights: number }).failingNights).toBeGreaterThan(1);
  });

  it('takes at most as many workers as the machine has cores', () => {
    const fenced = savePreset(TEMP, 's07-fencing-on');
    const cores = availableParallelism();
    const run = leaseline('verify', fenced, '--workers', String(cores + 1));
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `leaseline: --workers takes a whole number from 1 to ${cores} (this machine's cores), not "${cores + 1}"\nRun "npx leaseline help" for usage.\n`,
    );
    expect(run.stdout).toBe('');
  });
});
