/**
 * `leaseline` as an installed command (package.json's `bin`, bin/leaseline.mjs running the
 * esbuild build in dist-cli/): run by npx in the project, linked with `npm link` into a temporary global prefix, packed
 * with `npm pack` and unpacked as an install has it, and in a clone whose build is missing. Each
 * runs from another folder and must print the same bytes as `npm run --silent leaseline --`
 * (tsx on the sources), verify's threads included.
 */
import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { leaseline, SPAWN_TIMEOUT_MS, type Spawned, savePreset, temporaryFolder } from './spawnLeaseline.testing';

const ROOT = join(import.meta.dirname, '..', '..');
const TEMP = temporaryFolder('leaseline-bin-');
const ELSEWHERE = join(TEMP, 'elsewhere');

function run(command: string, args: readonly string[], options: SpawnSyncOptions = {}): Spawned {
  const result = spawnSync(command, args, { cwd: ELSEWHERE, encoding: 'utf8', timeout: SPAWN_TIMEOUT_MS, ...options });
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** `npm run --silent leaseline -- ...` from the project, as the README used to say. */
function fromSource(...args: string[]): Spawned {
  return run('npm', ['run', '--silent', 'leaseline', '--', ...args], { cwd: ROOT });
}

const withoutClock = (stdout: string) => stdout.replace(/"elapsedMs": \d+/, '"elapsedMs": 0');

describe('leaseline, installed', { timeout: 6 * SPAWN_TIMEOUT_MS }, () => {
  let safe = '';
  let unsafe = '';
  beforeAll(() => {
    mkdirSync(ELSEWHERE);
    safe = savePreset(TEMP, 's07-fencing-on');
    unsafe = savePreset(TEMP, 's07-fencing-off');
    // The build the other tests run; made once here so they do not all make it at once.
    expect(run(process.execPath, ['scripts/build-cli.mjs', '--quiet'], { cwd: ROOT }).status).toBe(0);
  });

  it('runs as npx leaseline in the project folder', () => {
    const npx = run('npx', ['leaseline', 'check', unsafe], { cwd: ROOT });
    expect(npx.stdout).toBe(fromSource('check', unsafe).stdout);
    expect(npx.stderr).toBe('');
    expect(npx.status).toBe(1);
  });

  it('runs after npm link from any folder, printing what npm run prints', () => {
    const prefix = join(TEMP, 'global');
    const linked = run('npm', ['link', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      env: { ...process.env, NPM_CONFIG_PREFIX: prefix },
    });
    expect(linked.status, linked.stderr).toBe(0);
    const command = join(prefix, 'bin', 'leaseline');
    for (const file of [safe, unsafe]) {
      const installed = run(command, ['check', file]);
      const source = fromSource('check', file);
      expect(installed.stdout).toBe(source.stdout);
      expect(installed.stderr).toBe('');
      expect(installed.status).toBe(source.status);
    }
    expect(run(command, ['check', safe]).status).toBe(0);
    expect(run(command, ['check', unsafe]).status).toBe(1);
  });

  it('runs from a packed copy without the sources, the same bytes as npm run, verify on two threads too', () => {
    const packed = run('npm', ['pack', '--pack-destination', TEMP, '--json', '--silent'], { cwd: ROOT });
    expect(packed.status, packed.stderr).toBe(0);
    const [pack] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    const paths = pack?.files.map((file) => file.path) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining([
        'bin/leaseline.mjs',
        'dist-cli/leaseline.mjs',
        'dist-cli/verifyThread.mjs',
        'dist-cli/builtinWorker.mjs',
      ]),
    );
    expect(paths.filter((path) => path.startsWith('src/') || path.startsWith('scripts/'))).toEqual([]);
    // Unpacked as npm installs it, its dependencies beside it (ours, linked).
    const modules = join(TEMP, 'install', 'node_modules');
    mkdirSync(modules, { recursive: true });
    expect(run('tar', ['-xzf', join(TEMP, pack?.filename ?? ''), '-C', modules]).status).toBe(0);
    const installed = join(modules, 'leaseline');
    renameSync(join(modules, 'package'), installed);
    for (const name of readdirSync(join(ROOT, 'node_modules')))
      if (name !== '.bin' && name !== 'leaseline') symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
    expect(existsSync(join(installed, 'src'))).toBe(false);
    const command = join(installed, 'bin', 'leaseline.mjs');

    const check = run(command, ['check', '--json', safe, unsafe]);
    expect(check.stdout).toBe(fromSource('check', '--json', safe, unsafe).stdout);
    expect(check.status).toBe(1);
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(run(command, ['--version']).stdout).toBe(`leaseline ${version}\n`);

    const verify = ['verify', unsafe, '--fresh', '--grid', '2m', '--durations', '5m', '--count', '--json'];
    const workers = availableParallelism() >= 2 ? '2' : '1';
    const built = run(command, [...verify, '--workers', workers]);
    expect(built.stderr).toBe('');
    expect(built.status).toBe(1);
    expect(withoutClock(built.stdout)).toBe(withoutClock(fromSource(...verify, '--workers', workers).stdout));
  });

  it('builds itself in a clone whose npm ci ran without scripts', () => {
    const clone = join(TEMP, 'clone');
    mkdirSync(join(clone, 'scripts'), { recursive: true });
    for (const name of ['bin', 'src', 'package.json']) cpSync(join(ROOT, name), join(clone, name), { recursive: true });
    cpSync(join(ROOT, 'scripts', 'build-cli.mjs'), join(clone, 'scripts', 'build-cli.mjs'));
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
    expect(existsSync(join(clone, 'dist-cli'))).toBe(false);
    const first = run(join(clone, 'bin', 'leaseline.mjs'), ['check', unsafe]);
    expect(first.stdout).toBe(leaseline('check', unsafe).stdout);
    expect(first.status).toBe(1);
    expect(existsSync(join(clone, 'dist-cli', 'leaseline.mjs'))).toBe(true);
  });
});
