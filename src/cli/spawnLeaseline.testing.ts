/**
 * Test helper: the real command, spawned as a user runs it (`npx tsx src/cli/main.ts`) from
 * the repository root, and a temporary folder removed after the file's tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, onTestFinished } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
export const SPAWN_TIMEOUT_MS = 60_000;

export interface Spawned {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function leaseline(...args: string[]): Spawned {
  const result = spawnSync('npx', ['tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: SPAWN_TIMEOUT_MS,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A fresh temporary folder, deleted when the calling test is done (called inside a test) or
 * when the file's tests are done (called at the top of a file or a describe): Vitest ignores
 * an `afterAll` registered from inside a test.
 */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    afterAll(remove);
  }
  return folder;
}

/** Saves a preset the way the usage text suggests (`preset ID > file.json`) into `folder`; returns its path. */
export function savePreset(folder: string, id: string): string {
  const saved = leaseline('preset', id);
  expect(saved.status).toBe(0);
  const path = join(folder, `${id}.json`);
  writeFileSync(path, saved.stdout);
  return path;
}
