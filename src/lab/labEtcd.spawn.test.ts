/**
 * `leaseline lab --lock etcd` as a person runs it: the real command, real worker processes, a
 * real etcd (its lease really expiring while the holder is stopped) and one embedded PostgreSQL
 * shared as `--db` (each run makes a database of its own and drops it). Every run has a
 * temporary folder of its own, in which nothing of ours may be left, and no process it started
 * may still run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseline, temporaryFolder } from '../cli/spawnLeaseline.testing';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embeddedPostgres';
import {
  EVERY_STEP_OBSERVED,
  expectNothingLeft,
  type LabRun,
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
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

type EtcdLabReport = ReturnType<typeof report> & { etcd?: { server: string } };

/** One etcd lab run on the shared PostgreSQL, in a temporary folder of its own that it must leave empty. */
function etcdLab(...args: string[]): { run: LabRun; result: EtcdLabReport } {
  const ownTmp = labTmp();
  const run = labWithEnv({ TMPDIR: ownTmp }, '--db', server.url, '--json', '--lock', 'etcd', ...args);
  expectNothingLeft(ownTmp, run.marker);
  // A run that could not run (exit 2) prints no report.
  const result = (run.stdout.trim() === '' ? null : report(run)) as EtcdLabReport;
  return { run, result };
}

const stale = (result: EtcdLabReport) => result.writes.filter((write) => write.result === 'stale');

describe('leaseline lab --lock etcd', () => {
  it(
    "job fencing: the holder's lease expires on etcd during the pause, the next key's create revision 8 holds, the resumed holder is turned away, exit 0, and --out is a night check accepts",
    () => {
      const out = join(temporaryFolder('leaseline-lab-out-'), 'night.json');
      const { run, result } = etcdLab('--out', out);
      expect(run.status).toBe(0);
      expect(result.verdict).toBe('safe');
      expect(stepStatuses(result)).toEqual(EVERY_STEP_OBSERVED);
      expect(result.etcd).toEqual({ server: expect.stringMatching(/^etcd 3\.4\.\d+, one member$/) });
      // The three contenders' keys are created at 7, 8 and 9; the first holds, the second takes over.
      expect(result.grants.map((grant) => grant.token).slice(0, 2)).toEqual([7, 8]);
      expect(result.doubleApplied).toEqual([]);
      expect(stale(result)).toEqual([expect.objectContaining({ replica: result.grants[0]?.replica, token: 7 })]);
      const file = JSON.parse(readFileSync(out, 'utf8'));
      expect(file.lock).toEqual({ kind: 'etcd', sessionTtl: '5m', recheckAfterWait: true });
      const checked = leaseline('check', out);
      expect(checked.stderr).toBe('');
      expect(checked.status).toBe(0);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'fencing off: the resumed holder writes again after the takeover, orders applied twice, exit 1',
    () => {
      const { run, result } = etcdLab('--fencing', 'off');
      expect(run.status).toBe(1);
      expect(result.verdict).toBe('unsafe');
      expect(result.doubleApplied.length).toBeGreaterThan(0);
      expect(stale(result)).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'a --worker of its own gets the etcd address and the lock in its environment',
    () => {
      const { run } = etcdLab(
        '--worker',
        'echo "lock=$LEASELINE_LOCK token=$LEASELINE_TOKEN url=$LEASELINE_ETCD_URL" >&2; exit 3',
      );
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/exited with status 3: lock=etcd token=on url=http:\/\/127\.0\.0\.1:\d+/);
    },
    RUN_TIMEOUT_MS,
  );

  it('--failover with etcd is refused in one sentence, exit 2', () => {
    const { run } = etcdLab('--failover');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--failover needs --lock redis (the etcd lock has no replica to promote)');
  });
});

describe('leaseline lab --lock etcd with the example worker', () => {
  it(
    "the example takes etcd's Mutex through the gateway: its lease expires in the pause, the takeover fences it out, every order once, exit 0",
    () => {
      const { run, result } = etcdLab('--worker', 'node examples/lab-worker.mjs');
      expect(run.status).toBe(0);
      expect(result.worker).toBe('node examples/lab-worker.mjs');
      expect(result.verdict).toBe('safe');
      expect(stepStatuses(result)).toEqual(EVERY_STEP_OBSERVED);
      expect(result.grants.map((grant) => grant.token).slice(0, 2)).toEqual([7, 8]);
      expect(result.doubleApplied).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('leaseline lab --lock etcd, interrupted', () => {
  // Ctrl+C signals the whole foreground process group (the lab and etcd); `kill PID` the lab alone.
  it.each([
    ['SIGINT', 'its process group, as Ctrl+C does'],
    ['SIGTERM', 'the lab alone'],
  ] as const)(
    '%s to %s stops every worker and etcd, leaving nothing behind',
    async (signal, _to) => {
      const marker = `lab-etcd-${signal}-marker-${process.pid}`;
      const run = await startInterruptibleLab(signal, ['--db', server.url, '--lock', 'etcd'], marker, 60_000);
      // The etcd lives in the run's own temporary folder until the run ends.
      expect(readdirSync(run.ownTmp).filter((name) => name.startsWith('leaseline-etcd-'))).toHaveLength(1);
      const { status, stderr } = await run.interrupt();
      expect(status).toBe(130);
      expect(stderr).toContain('interrupted');
      expect(processesWith(marker)).toEqual([]);
      expectNothingLeft(run.ownTmp, run.marker);
    },
    RUN_TIMEOUT_MS,
  );
});
