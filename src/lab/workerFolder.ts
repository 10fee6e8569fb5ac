/**
 * A student's worker in a folder of its own for `grade lab` (docs/grading.md): the handed-in
 * folder copied (or the archive unpacked) into a fresh private temporary folder, run there with
 * a minimal environment (never the grader's), and, at the end, every process still running
 * from it killed and the folder removed. This contains mistakes and curiosity, not an attacker:
 * the worker runs as the grader's own user (docs/grading.md says to grade as an unprivileged
 * user for that).
 */
import { execFile } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { copyFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { killProcessesOf } from './strayProcesses';

/** A hand-in bigger than this is a mistake (a whole home folder), not a worker. */
export const WORKER_FOLDER_BYTES_MAX = 64 * 1024 * 1024;
export const WORKER_FOLDER_FILES_MAX = 20_000;
/** The temp folders' prefix, so a leftover one is recognisable. */
export const WORKER_FOLDER_PREFIX = 'leaseline-grade-lab-';
const ARCHIVE = /\.(tar|tar\.gz|tgz)$/i;
/** The variable that marks every process started from one folder, so none escapes the sweep. */
export const SANDBOX_VARIABLE = 'LEASELINE_GRADE_SANDBOX';

export interface WorkerFolder {
  /** The private folder; the worker's files are in `cwd`, inside it. */
  readonly root: string;
  readonly cwd: string;
  /** PATH (node's folder first), HOME and TMPDIR inside `root`, LANG, and the sandbox marker. */
  readonly baseEnv: Readonly<Record<string, string>>;
  /** Kills what is still running from the folder, then removes it. Safe to call twice. */
  dispose(): Promise<void>;
}

/** Prepares `source` (a folder, or a .tar/.tar.gz/.tgz archive); a sentence when it cannot. */
export async function prepareWorkerFolder(source: string): Promise<WorkerFolder | string> {
  let kind: 'folder' | 'archive';
  try {
    const stat = statSync(source);
    if (stat.isDirectory()) kind = 'folder';
    else if (stat.isFile() && ARCHIVE.test(source)) kind = 'archive';
    else return `${source} is neither a folder nor a .tar, .tar.gz or .tgz archive`;
  } catch {
    return `the worker's folder ${source} does not exist`;
  }
  const root = mkdtempSync(join(tmpdir(), WORKER_FOLDER_PREFIX));
  const cwd = join(root, 'worker');
  const folder: WorkerFolder = {
    root,
    cwd,
    baseEnv: minimalEnvironment(root),
    dispose: disposer(root),
  };
  try {
    for (const sub of ['worker', 'home', 'tmp']) mkdirSync(join(root, sub), { mode: 0o700 });
    const problem = kind === 'folder' ? await copyFolder(source, cwd) : await unpack(source, cwd);
    if (problem !== null) {
      await folder.dispose();
      return problem;
    }
    provideDriver(root);
    return folder;
  } catch (error) {
    await folder.dispose();
    return `could not prepare the worker's folder: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Only what a worker needs to start: no token, password or key of the grader's. */
function minimalEnvironment(root: string): Record<string, string> {
  const path = [dirname(process.execPath), process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'].join(delimiter);
  return {
    PATH: path,
    HOME: join(root, 'home'),
    TMPDIR: join(root, 'tmp'),
    LANG: 'C.UTF-8',
    [SANDBOX_VARIABLE]: root,
  };
}

function disposer(root: string): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await killProcessesOf(root, SANDBOX_VARIABLE);
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}

interface CopyBudget {
  bytes: number;
  files: number;
}

/** Copies files and folders; a symbolic link is kept only when it points inside the folder. */
async function copyFolder(source: string, target: string): Promise<string | null> {
  const budget: CopyBudget = { bytes: 0, files: 0 };
  return copyInto(resolve(source), resolve(source), target, budget);
}

async function copyInto(top: string, from: string, to: string, budget: CopyBudget): Promise<string | null> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const path = join(from, entry.name);
    const copy = join(to, entry.name);
    budget.files += 1;
    if (budget.files > WORKER_FOLDER_FILES_MAX)
      return `the worker's folder holds more than ${WORKER_FOLDER_FILES_MAX} files`;
    if (entry.isDirectory()) {
      mkdirSync(copy, { mode: 0o700 });
      const problem = await copyInto(top, path, copy, budget);
      if (problem !== null) return problem;
    } else if (entry.isFile()) {
      budget.bytes += lstatSync(path).size;
      if (budget.bytes > WORKER_FOLDER_BYTES_MAX)
        return `the worker's folder holds more than ${WORKER_FOLDER_BYTES_MAX / 1024 / 1024} MiB`;
      await copyFile(path, copy);
    } else if (entry.isSymbolicLink()) {
      const target = readlinkSync(path);
      const pointsAt = resolve(from, target);
      if (!isAbsolute(target) && !relative(top, pointsAt).startsWith('..')) symlinkSync(target, copy);
    }
  }
  return null;
}

/** GNU tar refuses members outside the folder by itself; owners and modes are not taken from the archive. */
async function unpack(archive: string, target: string): Promise<string | null> {
  try {
    await promisify(execFile)(
      'tar',
      ['-xf', resolve(archive), '-C', target, '--no-same-owner', '--no-same-permissions'],
      {
        timeout: 60_000,
      },
    );
  } catch (error) {
    return `could not unpack ${archive}: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`;
  }
  const size = measure(target);
  if (size.files > WORKER_FOLDER_FILES_MAX) return `the archive holds more than ${WORKER_FOLDER_FILES_MAX} files`;
  if (size.bytes > WORKER_FOLDER_BYTES_MAX)
    return `the archive unpacks to more than ${WORKER_FOLDER_BYTES_MAX / 1024 / 1024} MiB`;
  return null;
}

function measure(folder: string): CopyBudget {
  const size: CopyBudget = { bytes: 0, files: 0 };
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      size.files += 1;
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) size.bytes += lstatSync(child).size;
    }
  };
  walk(folder);
  return size;
}

/** The clients docs/lab.md names, which the example worker imports. */
export const PROVIDED_PACKAGES = ['pg', 'redis'] as const;

/**
 * The lab's clients as Leaseline pins them: a worker written to docs/lab.md (`import pg from
 * 'pg'`) starts without an `npm install` of its own. Its own node_modules, nearer to it, wins.
 */
function provideDriver(root: string): void {
  const require = createRequire(import.meta.url);
  mkdirSync(join(root, 'node_modules'), { mode: 0o700 });
  for (const name of PROVIDED_PACKAGES)
    symlinkSync(dirname(require.resolve(`${name}/package.json`)), join(root, 'node_modules', name), 'dir');
}
