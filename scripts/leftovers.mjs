// What `npm test` must not leave behind: files in the temporary folder and running processes.
//
// scripts/test.mjs runs every suite with TMPDIR pointing at a fresh folder of its own, so
// whatever a test, the lab, PostgreSQL or the browser puts in "the temporary folder" lands
// there; at the end anything still in it, and any process still running from it or this
// checkout's preview server, is a leftover that fails the run.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A fresh temporary folder for the run, which the `postgres` user may traverse (PostgreSQL runs as it). */
export function createRunTmp() {
  const folder = mkdtempSync(join(tmpdir(), 'leaseline-npm-test-'));
  chmodSync(folder, 0o755);
  return folder;
}

/** The entries left in `folder`, by name. */
export function filesLeftIn(folder) {
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
}

/**
 * The processes (pid and command line) still running from `folder` (a PostgreSQL the tests
 * started keeps its data folder there, a worker its files) or this checkout's browser-suite
 * server. A lab the developer runs by hand from the same checkout is not the run's: its
 * folder is elsewhere.
 */
export function processesLeftFrom(folder, checkout = resolve('.')) {
  const listed = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  if (listed.status !== 0) return [];
  const marks = [folder, join(checkout, '.tmp', 'e2e-dist')];
  return listed.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && marks.some((mark) => line.includes(mark)))
    .filter((line) => !line.includes('ps -eo') && Number(line.split(' ')[0]) !== process.pid);
}

/** One check: nothing left in the run's temporary folder and no process left running. Removes the folder. */
export function leftoversCheck(folder, checkout = resolve('.')) {
  const files = filesLeftIn(folder);
  const processes = processesLeftFrom(folder, checkout);
  rmSync(folder, { recursive: true, force: true });
  if (files.length === 0 && processes.length === 0) {
    console.log('Nothing left behind: the temporary folder is empty and no process of ours is running.');
    return { passed: 1, failed: 0 };
  }
  for (const file of files) console.log(`left in the temporary folder: ${file}`);
  for (const line of processes) console.log(`still running: ${line}`);
  return { passed: 0, failed: 1, note: `${files.length} file(s) and ${processes.length} process(es) left behind` };
}
