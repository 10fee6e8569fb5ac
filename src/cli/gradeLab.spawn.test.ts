/**
 * `leaseline grade lab` spawned on a class of workers, as an instructor runs it: the example
 * worker fenced (passes) and unfenced (fails), one that hangs, one that exits at once, one that
 * crashes, one that snoops and leaves a daemon behind, and hand-ins whose folder is missing or
 * outside. Real PostgreSQL, real processes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ourTempEntries } from '../../scripts/leftovers';
import { labTmp, processesWith } from '../lab/labSpawn.testing';
import { temporaryFolder } from './spawnLeaseline.testing';

const ROOT = join(import.meta.dirname, '..', '..');
const CLASS_TIMEOUT_MS = 240_000;
/** Long enough for the fenced night (about 6 s at the lab's scale), short enough for the hung worker. */
const DEADLINE_MS = '15000';
const SECRET = 'grader-secret-4f1c';
const STRAY = `leaseline-stray-${process.pid}`;

function student(
  classFolder: string,
  key: string,
  answer: { folder: string; command: string },
  files: Record<string, string> = {},
) {
  const folder = join(classFolder, key);
  mkdirSync(join(folder, 'worker'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, 'worker', name), text);
  const handIn = {
    format: 'leaseline/hand-in',
    version: 1,
    exercise: 'lab1',
    student: key,
    date: '2026-12-05',
    answer,
  };
  writeFileSync(join(folder, `lab1-${key}-2026-12-05.json`), JSON.stringify(handIn));
  return join(folder, 'worker');
}

function gradeLab(tmp: string, ...args: string[]) {
  return spawnSync('npx', ['tsx', 'src/cli/main.ts', 'grade', 'lab', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: CLASS_TIMEOUT_MS,
    env: { ...process.env, TMPDIR: tmp, LEASELINE_TEST_SECRET: SECRET },
  });
}

describe('leaseline grade lab', () => {
  it('grades each worker by the acceptance test, in its own folder, and leaves nothing behind', {
    timeout: CLASS_TIMEOUT_MS + 10_000,
  }, () => {
    const classFolder = temporaryFolder('lab-class-');
    const example = join(ROOT, 'examples', 'lab-worker.mjs');
    copyFileSync(
      example,
      join(
        student(
          classFolder,
          'alice',
          { folder: 'worker', command: 'node lab-worker.mjs' },
          {
            'package.json': '{"name": "alice-worker", "type": "module"}',
          },
        ),
        'lab-worker.mjs',
      ),
    );
    copyFileSync(
      example,
      join(
        student(classFolder, 'bob', { folder: 'worker', command: 'node lab-worker.mjs --unfenced' }),
        'lab-worker.mjs',
      ),
    );
    student(
      classFolder,
      'carl',
      { folder: 'worker', command: 'node crash.mjs' },
      {
        'crash.mjs': "console.error('boom: cannot reach the lock'); process.exit(3);\n",
      },
    );
    student(classFolder, 'ed', { folder: 'worker', command: 'true' });
    student(
      classFolder,
      'hank',
      { folder: 'worker', command: 'node hang.mjs' },
      {
        'hang.mjs': 'setInterval(() => {}, 1000);\n',
      },
    );
    student(
      classFolder,
      'mallory',
      { folder: 'worker', command: 'sh snoop.sh' },
      {
        'snoop.sh': `env\npwd\nsetsid node -e 'setInterval(() => {}, 1000)' ${STRAY} > /dev/null 2>&1 &\nsleep 1\n`,
      },
    );
    student(classFolder, 'oscar', { folder: '../alice/worker', command: 'node lab-worker.mjs' });
    student(classFolder, 'pia', { folder: 'gone', command: 'node w.mjs' });

    const tmp = labTmp();
    const run = gradeLab(tmp, classFolder, '--deadline-ms', DEADLINE_MS);
    const block = (key: string) => {
      const start = run.stdout.indexOf(`${join(classFolder, key)}/lab1-${key}`);
      expect(start, `${key} in\n${run.stdout}\n${run.stderr}`).toBeGreaterThanOrEqual(0);
      const next = run.stdout.indexOf(`\n${classFolder}`, start + 1);
      return run.stdout.slice(start, next === -1 ? undefined : next);
    };

    expect(run.status, run.stderr).toBe(2); // oscar's and pia's folders are invalid
    expect(block('alice')).toContain(': pass');
    expect(block('alice')).toContain('the acceptance test happened, every step observed');
    expect(block('bob')).toContain(': fail (unsafe)');
    expect(block('bob')).toMatch(/order \d+ applied twice/);
    expect(block('carl')).toContain(': fail (crashed)');
    expect(block('carl')).toContain('exited with status 3');
    expect(block('carl')).toContain('boom: cannot reach the lock'); // its output kept
    expect(block('ed')).toContain(': fail (not tested)');
    expect(block('ed')).toContain('every worker exited without taking it');
    expect(block('hank')).toContain(': fail (not tested)');
    expect(block('hank')).toContain('the workers hung');
    expect(block('oscar')).toContain('is outside the hand-in');
    expect(block('pia')).toContain('does not exist');
    // The worker's package.json is the worker's, not a hand-in.
    expect(run.stdout).not.toContain('package.json');

    // The snooping worker saw the lab's variables, its own folder, and none of the grader's.
    const mallory = block('mallory');
    expect(mallory).toContain('DATABASE_URL=postgres://');
    expect(mallory).toContain(`${tmp}/leaseline-grade-lab-`);
    expect(run.stdout).not.toContain(SECRET);
    // Its daemon (a session of its own, out of the process group) was killed; no folder is left.
    expect(processesWith(STRAY)).toEqual([]);
    expect(ourTempEntries(tmp)).toEqual([]);
    expect(run.stdout).toContain('8 files: 1 pass, 5 fail, 2 invalid');
  });

  it('prints a gradebook with --csv and refuses a wrong deadline', { timeout: CLASS_TIMEOUT_MS }, () => {
    const classFolder = temporaryFolder('lab-class-');
    student(classFolder, 'ed', { folder: 'worker', command: 'true' });
    const tmp = labTmp();
    const csv = gradeLab(tmp, classFolder, '--csv');
    expect(csv.status, csv.stderr).toBe(0);
    expect(csv.stdout.split('\n')).toEqual([
      'file,name,date,command,verdict,says,output',
      `${join(classFolder, 'ed', 'lab1-ed-2026-12-05.json')},ed,2026-12-05,true,fail (not tested),the acceptance test did not happen: no worker took the lock: every worker exited without taking it,`,
      '',
    ]);
    const wrong = gradeLab(tmp, classFolder, '--deadline-ms', '10');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--deadline-ms needs whole real milliseconds from 1000 to 3600000');
  });

  it('stops at Ctrl+C: the hung worker killed, its folder and the database removed, exit 130', {
    timeout: CLASS_TIMEOUT_MS,
  }, async () => {
    const classFolder = temporaryFolder('lab-class-');
    const marker = `leaseline-hung-${process.pid}`;
    student(
      classFolder,
      'hank',
      { folder: 'worker', command: `node hang.mjs ${marker}` },
      {
        'hang.mjs': 'setInterval(() => {}, 1000);\n',
      },
    );
    const tmp = labTmp();
    const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
    const args = ['--import', tsx, 'src/cli/main.ts', 'grade', 'lab', classFolder, '--deadline-ms', '600000'];
    // A group of its own, so the test can send Ctrl+C to it as a terminal does.
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: tmp },
      detached: true,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    const running = new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: string) => {
        stderr += chunk;
        if (stderr.includes('(1 of 1)...')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await running;
    // The worker is up (its processes carry the marker) before the instructor gives up.
    for (let tries = 0; tries < 100 && processesWith(marker).length < 3; tries += 1)
      await new Promise((done) => setTimeout(done, 100));
    expect(processesWith(marker).length).toBeGreaterThanOrEqual(3);
    process.kill(-(child.pid as number), 'SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('interrupted');
    expect(processesWith(marker)).toEqual([]);
    expect(ourTempEntries(tmp)).toEqual([]);
  });
});
