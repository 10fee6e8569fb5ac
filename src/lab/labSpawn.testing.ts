/**
 * Running `leaseline lab` as a person does, for the spawn tests: the real command with its
 * environment marked, its JSON report read back, and what a run may leave behind looked for.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ourTempEntries, processesMarked, runMarker } from '../../scripts/leftovers';
import { temporaryFolder } from '../cli/spawnLeaseline.testing';

const ROOT = join(import.meta.dirname, '..', '..');
export const RUN_TIMEOUT_MS = 90_000;

export interface LabRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  /** In the environment of the lab and of everything it started. */
  readonly marker: { readonly name: string; readonly value: string };
}

export function lab(...args: string[]): LabRun {
  return labWithEnv({}, ...args);
}

export function labWithEnv(env: Record<string, string>, ...args: string[]): LabRun {
  const started = performance.now();
  const marker = runMarker('lab');
  const result = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'lab', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: RUN_TIMEOUT_MS,
    env: { ...process.env, ...env, [marker.name]: marker.value },
  });
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    ms: performance.now() - started,
    marker,
  };
}

export function report(run: LabRun) {
  return JSON.parse(run.stdout) as {
    safe: boolean;
    source: string;
    database: string;
    worker: string;
    doubleApplied: { order: number; times: number }[];
    grants: { replica: string; token: number | null }[];
    writes: { replica: string; order: number; token: number | null; result: string }[];
    pauses: { replica: string; from: string; to: string | null }[];
    timings: { databaseStartMs: number; totalMs: number };
    verdict: string;
    acceptance: { happened: boolean; steps: { step: string; status: string; says: string }[]; missing: string[] };
  };
}

/** Each step of the acceptance test and whether it was seen. */
export const stepStatuses = (result: ReturnType<typeof report>) =>
  Object.fromEntries(result.acceptance.steps.map((step) => [step.step, step.status]));
export const EVERY_STEP_OBSERVED = {
  holderCommitted: 'observed',
  pausedPastLease: 'observed',
  takeoverCommitted: 'observed',
  resumed: 'observed',
};

/** Processes whose command line holds `marker` (none should be left after a run). */
export function processesWith(marker: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return ps.stdout.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

/**
 * The embedded servers' folders in `folder`. The run gets a temporary folder of its own
 * (TMPDIR) so that other lab runs on the same machine cannot make or remove folders under the count.
 */
export const labDataFolders = (folder: string) =>
  readdirSync(folder).filter((name) => name.startsWith('leaseline-pg-'));

/** Nothing of ours in the run's temporary folder, and no process it started still running. */
export function expectNothingLeft(ownTmp: string, marker: LabRun['marker']): void {
  expect(ourTempEntries(ownTmp)).toEqual([]);
  expect(processesMarked(marker)).toEqual([]);
}

/**
 * A temporary folder for one run, open to every user as /tmp is: run as root, the lab starts
 * PostgreSQL as its own `postgres` user, which must reach files the lab writes there.
 */
export function labTmp(): string {
  const folder = temporaryFolder('leaseline-lab-tmp-');
  chmodSync(folder, 0o1777);
  return folder;
}

/** A lab run left running until the test interrupts it (`startInterruptibleLab`). */
export interface InterruptibleLab {
  /** The run's own temporary folder (TMPDIR), where its servers live until it ends. */
  readonly ownTmp: string;
  readonly marker: LabRun['marker'];
  /** Sends `signal` (SIGINT to the process group, as Ctrl+C does), then waits for the lab to end. */
  interrupt(): Promise<{ readonly status: number | null; readonly stderr: string }>;
}

/**
 * Starts `leaseline lab ARGS --worker "sleep 30 # WORKERMARKER"` and resolves once its three
 * workers run, so a test can interrupt it mid-night with `signal` and look for what it left.
 */
export async function startInterruptibleLab(
  signal: 'SIGINT' | 'SIGTERM',
  args: readonly string[],
  workerMarker: string,
  startTimeoutMs: number,
): Promise<InterruptibleLab> {
  const ownTmp = labTmp();
  const marker = runMarker(signal);
  const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
  const child = spawn(
    process.execPath,
    ['--import', tsx, 'src/cli/main.ts', 'lab', ...args, '--worker', `sleep 30 # ${workerMarker}`],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: ownTmp, [marker.name]: marker.value },
      detached: signal === 'SIGINT',
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the lab never started its workers: ${stderr}`)), startTimeoutMs);
    const poll = setInterval(() => {
      if (processesWith(workerMarker).length >= 3) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
  });
  return {
    ownTmp,
    marker,
    async interrupt() {
      if (signal === 'SIGINT') process.kill(-(child.pid ?? 0), signal);
      else child.kill(signal);
      const status = await closed;
      return { status, stderr };
    },
  };
}
