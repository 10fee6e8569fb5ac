/**
 * `leaseline lab` as a person runs it: the real command, real worker processes, a real
 * PostgreSQL. One embedded server is shared by the runs that pass `--db` (each run makes a
 * database of its own and drops it); one run starts its own embedded server, as the default
 * does, and one is stopped with SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolder } from '../cli/spawnLeaseline.testing';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embeddedPostgres';
import { DEFAULT_LAB_OPTIONS } from './labOptions';
import {
  EVERY_STEP_OBSERVED,
  expectNothingLeft,
  lab,
  labDataFolders,
  labTmp,
  labWithEnv,
  processesWith,
  RUN_TIMEOUT_MS,
  report,
  startInterruptibleLab,
  stepStatuses,
} from './labSpawn.testing';

let server: EmbeddedPostgres;

beforeAll(async () => {
  server = await startEmbeddedPostgres();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** Lab databases left on the shared server (each run must drop its own). */
async function labDatabasesLeft(): Promise<string[]> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'leaseline_lab_%'",
  );
  await client.end();
  return rows.map((row) => row.datname);
}

describe('leaseline lab with the built-in worker', () => {
  it(
    'default night on its own embedded PostgreSQL: job fencing rejects the stale write, nothing twice, exit 0, nothing left behind',
    () => {
      const ownTmp = labTmp();
      const run = labWithEnv({ TMPDIR: ownTmp }, '--json');
      expect(run.stderr).toMatch(/holds the lock/);
      expect(run.stderr).toMatch(/paused \(SIGSTOP\)/);
      expect(run.status).toBe(0);
      const result = report(run);
      expect(result.source).toBe('lab');
      expect(result.database).toMatch(/^PostgreSQL 18\.4/);
      expect(result.safe).toBe(true);
      expect(result.verdict).toBe('safe');
      expect(stepStatuses(result)).toEqual(EVERY_STEP_OBSERVED);
      expect(result.doubleApplied).toEqual([]);
      expect(result.grants.map((grant) => grant.token)).toEqual([7, 8]);
      const [first, second] = result.grants;
      expect(first?.replica).not.toBe(second?.replica);
      expect(result.pauses).toHaveLength(1);
      expect(result.pauses[0]?.replica).toBe(first?.replica);
      const stale = result.writes.filter((write) => write.result === 'stale');
      expect(stale).toHaveLength(1);
      expect(stale[0]).toMatchObject({ replica: first?.replica, token: 7 });
      const accepted = result.writes.filter((write) => write.result === 'accepted').map((write) => write.order);
      expect(accepted.sort()).toEqual([1001, 1002, 1003, 1004, 1005]);
      console.info(
        `lab default night: ${result.timings.totalMs} ms, database start ${result.timings.databaseStartMs} ms`,
      );
      expectNothingLeft(ownTmp, run.marker);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'fencing off: the paused holder writes again after the takeover, orders applied twice, exit 1',
    async () => {
      const folder = temporaryFolder('leaseline-lab-out-');
      const out = join(folder, 'night.json');
      const run = lab('--db', server.url, '--fencing', 'off', '--scale', '5', '--json', '--out', out);
      expect(run.status).toBe(1);
      const result = report(run);
      expect(result.safe).toBe(false);
      expect(result.verdict).toBe('unsafe');
      expect(stepStatuses(result)).toEqual(EVERY_STEP_OBSERVED);
      expect(result.doubleApplied.length).toBeGreaterThan(0);
      expect(result.doubleApplied.every((entry) => entry.times === 2)).toBe(true);
      expect(result.writes.some((write) => write.result === 'stale')).toBe(false);
      const file = JSON.parse(readFileSync(out, 'utf8'));
      expect(file.format).toBe('leaseline/scenario');
      expect(file.storage.fencing).toBe('off');
      expect(file.events).toEqual([expect.objectContaining({ type: 'pause', replica: result.pauses[0]?.replica })]);
      expect(file.measured.report.doubleApplied).toEqual(result.doubleApplied);
      expect(file.measured.statements.length).toBeGreaterThan(10);
      expect(await labDatabasesLeft()).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('leaseline lab --worker with the example worker', () => {
  it(
    'the example unfenced: applied twice, exit 1',
    () => {
      const run = lab(
        '--db',
        server.url,
        '--scale',
        '5',
        '--json',
        '--worker',
        'node examples/lab-worker.mjs --unfenced',
      );
      expect(run.status).toBe(1);
      const result = report(run);
      expect(result.worker).toBe('node examples/lab-worker.mjs --unfenced');
      expect(result.verdict).toBe('unsafe');
      expect(stepStatuses(result)).toEqual(EVERY_STEP_OBSERVED);
      expect(result.doubleApplied.length).toBeGreaterThan(0);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'the example fenced: every order once, the paused holder wrote only before its pause, exit 0',
    async () => {
      const run = lab('--db', server.url, '--scale', '5', '--json', '--worker', 'node examples/lab-worker.mjs');
      expect(run.status).toBe(0);
      const result = report(run);
      expect(result.safe).toBe(true);
      expect(result.verdict).toBe('safe');
      expect(stepStatuses(result)).toEqual(EVERY_STEP_OBSERVED);
      expect(result.acceptance.missing).toEqual([]);
      expect(result.doubleApplied).toEqual([]);
      expect(result.grants.map((grant) => grant.token)).toEqual([7, 8]);
      const firstHolder = result.grants[0]?.replica;
      expect(result.writes.filter((write) => write.replica === firstHolder)).toHaveLength(1);
      expect(result.writes.map((write) => write.order).sort()).toEqual([1001, 1002, 1003, 1004, 1005]);
      expect(await labDatabasesLeft()).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('leaseline lab: what stops it, with exit 2 and nothing left running', () => {
  it(
    'a bad flag names the flag',
    () => {
      for (const [args, message] of [
        [['--replicas', '12'], '--replicas must be 1 to 9'],
        [['--fencing', 'maybe'], '--fencing must be off, job or row'],
        [['--lock-at-most-for', 'soon'], '--lock-at-most-for:'],
        [['--frobnicate'], 'lab has no option --frobnicate'],
        [['--db', 'mysql://x'], '--db must be a postgres:// URL'],
      ] as const) {
        const run = lab(...args);
        expect(run.status, args.join(' ')).toBe(2);
        expect(run.stderr).toContain(message);
      }
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'an unreachable --db says which database it could not reach',
    () => {
      const run = lab('--db', 'postgres://postgres:secret@127.0.0.1:1/nowhere');
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(
        /could not reach the database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/nowhere/,
      );
      expect(run.stderr).not.toContain('secret');
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "a worker that will not start: its command and the shell's reason",
    async () => {
      const run = lab('--db', server.url, '--worker', './no-such-worker-i14');
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/worker [ABC] \(\.\/no-such-worker-i14\) exited with status 127: .*not found/);
      expect(await labDatabasesLeft()).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'a worker that crashes while the others run: the others are killed, the embedded database removed',
    () => {
      const marker = `lab-crash-marker-${process.pid}`;
      const ownTmp = labTmp();
      const run = labWithEnv(
        { TMPDIR: ownTmp },
        '--worker',
        `if [ "$LEASELINE_REPLICA" = B ]; then sleep 0.5; exit 3; fi; sleep 3600 # ${marker}`,
      );
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('worker B (');
      expect(run.stderr).toContain('exited with status 3');
      // Stopped by B's crash, not by the others' end nor the lab's deadline (60 s against the
      // few seconds this takes: no busy machine closes that gap).
      expect(run.ms).toBeLessThan(DEFAULT_LAB_OPTIONS.deadlineMs);
      expect(processesWith(marker)).toEqual([]);
      expectNothingLeft(ownTmp, run.marker);
    },
    RUN_TIMEOUT_MS,
  );

  // Ctrl+C in a terminal signals the whole foreground process group (the lab and the
  // PostgreSQL it started); `kill PID` signals the lab alone.
  it.each([
    ['SIGINT', 'its process group, as Ctrl+C does'],
    ['SIGTERM', 'the lab alone'],
  ] as const)(
    '%s to %s stops every worker and the embedded database, leaving nothing behind',
    async (signal, _to) => {
      const marker = `lab-${signal}-marker-${process.pid}`;
      const run = await startInterruptibleLab(signal, [], marker, 30_000);
      // The database lives in the run's own temporary folder until the run ends.
      expect(labDataFolders(run.ownTmp)).toHaveLength(1);
      const { status, stderr } = await run.interrupt();
      expect(status).toBe(130);
      expect(stderr).toContain('interrupted');
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(processesWith(marker)).toEqual([]);
      expectNothingLeft(run.ownTmp, run.marker);
    },
    RUN_TIMEOUT_MS,
  );
});
