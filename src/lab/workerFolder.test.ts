/** A worker's private folder: copied or unpacked, links that leave it dropped, limits kept, removed at the end. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../cli/spawnLeaseline.testing';
import { prepareWorkerFolder, SANDBOX_VARIABLE, WORKER_FOLDER_FILES_MAX, type WorkerFolder } from './workerFolder';

function handedIn(): string {
  const folder = temporaryFolder('worker-src-');
  mkdirSync(join(folder, 'lib'));
  writeFileSync(join(folder, 'w.mjs'), 'import "./lib/a.mjs";\n');
  writeFileSync(join(folder, 'lib', 'a.mjs'), 'export const a = 1;\n');
  mkdirSync(join(folder, '.git'));
  writeFileSync(join(folder, '.git', 'HEAD'), 'ref: main\n');
  symlinkSync('lib/a.mjs', join(folder, 'inside.mjs'));
  symlinkSync('/etc/hostname', join(folder, 'outside'));
  symlinkSync('../../escape', join(folder, 'lib', 'up'));
  return folder;
}

async function prepared(source: string): Promise<WorkerFolder> {
  const place = await prepareWorkerFolder(source);
  if (typeof place === 'string') throw new Error(place);
  return place;
}

describe('prepareWorkerFolder', () => {
  it('copies the folder without .git and links that leave it, with a minimal environment', async () => {
    const place = await prepared(handedIn());
    try {
      expect(readFileSync(join(place.cwd, 'lib', 'a.mjs'), 'utf8')).toBe('export const a = 1;\n');
      expect(readlinkSync(join(place.cwd, 'inside.mjs'))).toBe('lib/a.mjs');
      expect(existsSync(join(place.cwd, '.git'))).toBe(false);
      expect(existsSync(join(place.cwd, 'outside'))).toBe(false);
      expect(existsSync(join(place.cwd, 'lib', 'up'))).toBe(false);
      expect(Object.keys(place.baseEnv).sort()).toEqual(['HOME', 'LANG', 'PATH', SANDBOX_VARIABLE, 'TMPDIR'].sort());
      expect(place.baseEnv.HOME?.startsWith(place.root)).toBe(true);
      // The lab's clients resolve from the worker's folder.
      const resolved = execFileSync(process.execPath, ['-e', 'console.log(require.resolve("pg"))'], {
        cwd: place.cwd,
        encoding: 'utf8',
        env: place.baseEnv,
      });
      expect(realpathSync(resolved.trim())).toBe(realpathSync(require.resolve('pg')));
    } finally {
      await place.dispose();
    }
    expect(existsSync(place.root)).toBe(false);
  });

  it('unpacks a .tar.gz archive', async () => {
    const source = handedIn();
    const archive = join(temporaryFolder('worker-tgz-'), 'worker.tgz');
    execFileSync('tar', ['-czf', archive, '-C', source, 'w.mjs', 'lib/a.mjs']);
    const place = await prepared(archive);
    try {
      expect(readFileSync(join(place.cwd, 'w.mjs'), 'utf8')).toBe('import "./lib/a.mjs";\n');
    } finally {
      await place.dispose();
    }
  });

  it('refuses a missing folder, a file that is no archive, and too many files', async () => {
    const missing = join(temporaryFolder('worker-none-'), 'gone');
    expect(await prepareWorkerFolder(missing)).toBe(`the worker's folder ${missing} does not exist`);
    const file = join(temporaryFolder('worker-file-'), 'w.zip');
    writeFileSync(file, 'PK');
    expect(await prepareWorkerFolder(file)).toBe(`${file} is neither a folder nor a .tar, .tar.gz or .tgz archive`);
    const crowded = temporaryFolder('worker-many-');
    for (let i = 0; i <= WORKER_FOLDER_FILES_MAX; i += 1) writeFileSync(join(crowded, `f${i}`), '');
    expect(await prepareWorkerFolder(crowded)).toBe(
      `the worker's folder holds more than ${WORKER_FOLDER_FILES_MAX} files`,
    );
  });
});
