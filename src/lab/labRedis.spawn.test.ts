/**
 * `leaseline lab --lock redis` as a person runs it: the real command, real worker processes,
 * a real redis-server (with `--failover` a real replica, a real SIGKILL of the primary and a
 * real promotion) and one embedded PostgreSQL shared as `--db` (each run makes a database of
 * its own and drops it). Every run has a temporary folder of its own, in which nothing of
 * ours may be left, and no process it started may still run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolder } from '../cli/spawnLeaseline.testing';
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

/** One Redis lab run on the shared PostgreSQL, in a temporary folder of its own that it must leave empty. */
function redisLab(...args: string[]): { run: LabRun; result: RedisLabReport } {
  const ownTmp = labTmp();
  const run = labWithEnv({ TMPDIR: ownTmp }, '--db', server.url, '--json', ...args);
  expectNothingLeft(ownTmp, run.marker);
  // A run that could not run (exit 2) prints no report.
  const result = (run.stdout.trim() === '' ? null : report(run)) as RedisLabReport;
  return { run, result };
}

type RedisLabReport = ReturnType<typeof report> & {
  redis?: { server: string; failover: { primaryKilled: string; replicaPromoted: string | null } | null };
};

const stale = (result: RedisLabReport) => result.writes.filter((write) => write.result === 'stale');

describe('leaseline lab --lock redis', () => {
  it(
    'job fencing: the key expires during the pause, the next holder gets INCR token 8, the resumed holder is turned away, exit 0',
    () => {
      const { run, result } = redisLab('--lock', 'redis');
      expect(run.status).toBe(0);
      expect(result.verdict).toBe('safe');
      expect(stepStatuses(result)).toEqual(EVERY_STEP_OBSERVED);
      expect(result.redis).toEqual({ server: expect.stringMatching(/^redis-server 7\./), failover: null });
      expect(result.grants.map((grant) => grant.token)).toEqual([7, 8]);
      expect(result.doubleApplied).toEqual([]);
      expect(stale(result)).toEqual([expect.objectContaining({ replica: result.grants[0]?.replica, token: 7 })]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'fencing off: the resumed holder writes again after the takeover, orders applied twice, exit 1',
    () => {
      const { run, result } = redisLab('--lock', 'redis', '--fencing', 'off');
      expect(run.status).toBe(1);
      expect(result.verdict).toBe('unsafe');
      expect(result.doubleApplied.length).toBeGreaterThan(0);
      expect(stale(result)).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'a --worker of its own gets the Redis address and the lock in its environment',
    () => {
      const { run } = redisLab(
        '--lock',
        'redis',
        '--worker',
        'echo "lock=$LEASELINE_LOCK token=$LEASELINE_TOKEN url=$LEASELINE_REDIS_URL" >&2; exit 3',
      );
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/exited with status 3: lock=redis token=incr url=redis:\/\/127\.0\.0\.1:\d+/);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('leaseline lab --lock redis --failover', () => {
  it(
    'INCR tokens: the promoted replica never got the key or the counter, so the takeover is token 7 again and the fence lets both in, exit 1',
    () => {
      const { run, result } = redisLab('--failover');
      expect(run.status).toBe(1);
      expect(result.verdict).toBe('unsafe');
      expect(result.redis?.server).toMatch(/primary and replica$/);
      expect(result.redis?.failover?.replicaPromoted).not.toBeNull();
      expect(result.grants.map((grant) => grant.token)).toEqual([7, 7]);
      expect(result.doubleApplied.length).toBeGreaterThan(0);
      expect(result.acceptance.steps.find((step) => step.step === 'takeoverCommitted')?.says).toMatch(
        /with token 7, not above .* token 7/,
      );
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'the database mints the token: the takeover has a higher one, the stale write is rejected, exit 0, and --out draws the failover',
    () => {
      const out = join(temporaryFolder('leaseline-lab-out-'), 'night.json');
      const { run, result } = redisLab('--failover', '--token', 'db', '--out', out);
      expect(run.status).toBe(0);
      expect(result.verdict).toBe('safe');
      expect(stepStatuses(result)).toEqual(EVERY_STEP_OBSERVED);
      const [first, second] = result.grants;
      expect(second?.token ?? 0).toBeGreaterThan(first?.token ?? 0);
      expect(result.doubleApplied).toEqual([]);
      expect(stale(result)).toEqual([expect.objectContaining({ replica: first?.replica, token: first?.token })]);
      const file = JSON.parse(readFileSync(out, 'utf8'));
      expect(file.lock).toMatchObject({ kind: 'redis', token: 'db', replica: { promoteAfter: '5s' } });
      expect(file.events).toContainEqual(
        expect.objectContaining({ type: 'redisFailover', at: result.redis?.failover?.primaryKilled }),
      );
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'the database mints the token but nothing fences: the double apply the fence prevents, exit 1',
    () => {
      const { run, result } = redisLab('--failover', '--token', 'db', '--fencing', 'off');
      expect(run.status).toBe(1);
      expect(result.verdict).toBe('unsafe');
      expect(result.doubleApplied.length).toBeGreaterThan(0);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('leaseline lab --lock redis with the example worker', () => {
  it(
    'the example through a failover with the database token: the takeover fences it out, every order once, exit 0',
    () => {
      const { run, result } = redisLab('--failover', '--token', 'db', '--worker', 'node examples/lab-worker.mjs');
      expect(run.status).toBe(0);
      expect(result.worker).toBe('node examples/lab-worker.mjs');
      expect(result.verdict).toBe('safe');
      expect(stepStatuses(result)).toEqual(EVERY_STEP_OBSERVED);
      expect(result.redis?.failover).not.toBeNull();
      expect(result.doubleApplied).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('leaseline lab --lock redis, interrupted', () => {
  // Ctrl+C signals the whole foreground process group (the lab and both redis-servers);
  // `kill PID` the lab alone.
  it.each([
    ['SIGINT', 'its process group, as Ctrl+C does'],
    ['SIGTERM', 'the lab alone'],
  ] as const)(
    '%s to %s stops every worker, the primary and its replica, leaving nothing behind',
    async (signal, _to) => {
      const marker = `lab-redis-${signal}-marker-${process.pid}`;
      const run = await startInterruptibleLab(signal, ['--db', server.url, '--failover'], marker, 60_000);
      // Both servers live in the run's own temporary folder until the run ends.
      expect(readdirSync(run.ownTmp).filter((name) => name.startsWith('leaseline-redis-'))).toHaveLength(2);
      const { status, stderr } = await run.interrupt();
      expect(status).toBe(130);
      expect(stderr).toContain('interrupted');
      expect(processesWith(marker)).toEqual([]);
      expectNothingLeft(run.ownTmp, run.marker);
    },
    RUN_TIMEOUT_MS,
  );
});
