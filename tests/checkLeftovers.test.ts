/**
 * `npm test`'s leftovers check fails, naming what is left, when a file or folder of ours is
 * in the run's temporary folder or a process carrying the run's marker still runs; passes
 * when there is neither (other files, such as tsx's cache, are not ours).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';

const script = resolve('scripts/check-leftovers.ts');
const tsx = resolve('node_modules/.bin/tsx');
const MARKER = `LEASELINE_SUITE_RUN=leftovers-test-${process.pid}`;

function folderWith(names: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'leaseline-leftovers-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of names) {
    if (name.endsWith('/')) mkdirSync(join(dir, name));
    else writeFileSync(join(dir, name), '');
  }
  return dir;
}

const check = (dir: string) => spawnSync(tsx, [script, dir, MARKER], { encoding: 'utf8' });

describe('check-leftovers', () => {
  it('passes when nothing of ours is left (another program may leave its own files)', () => {
    const result = check(folderWith(['tsx-0/', 'playwright-artifacts/']));
    expect(result.stdout).toContain('nothing left in the temporary folder, nothing left running');
    expect(result.status).toBe(0);
  }, 60_000);

  it('fails naming a folder of ours and a package password file left in the temporary folder', () => {
    const result = check(folderWith(['leaseline-pg-abc/', 'pg-password-xyz', 'tsx-0/']));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('left in the temporary folder: leaseline-pg-abc');
    expect(result.stderr).toContain('left in the temporary folder: pg-password-xyz');
    expect(result.stderr).not.toContain('tsx-0');
  }, 60_000);

  it('fails naming a process that still carries the run marker', async () => {
    const [name, value] = MARKER.split('=') as [string, string];
    const sleeper: ChildProcess = spawn('sleep', ['30'], { env: { ...process.env, [name]: value }, stdio: 'ignore' });
    onTestFinished(() => {
      sleeper.kill('SIGKILL');
    });
    const result = check(folderWith([]));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`left running: ${sleeper.pid} sleep 30`));
  }, 60_000);
});
