/**
 * `leaseline lab` never says Safe unless the acceptance test happened: workers that exit at
 * once, hang, never take the lock or take it and leave get exit 2 with the missing step named,
 * against a real PostgreSQL (one embedded server shared by these runs, each with its database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embeddedPostgres';
import { lab, processesWith, RUN_TIMEOUT_MS, report, stepStatuses } from './labSpawn.testing';

let server: EmbeddedPostgres;

beforeAll(async () => {
  server = await startEmbeddedPostgres();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('leaseline lab: no Safe without the acceptance test, exit 2 with the missing step named', () => {
  const NOT_HAPPENED = 'leaseline lab: the acceptance test did not happen: ';

  it(
    'a worker that exits at once: no worker took the lock, in the text, on stderr and in --json',
    () => {
      const text = lab('--db', server.url, '--worker', 'true');
      expect(text.status).toBe(2);
      expect(text.stdout).not.toMatch(/^SAFE/m);
      expect(text.stdout).toMatch(
        /^NOT TESTED lab: the acceptance test did not happen: no worker took the lock: every worker exited without taking it$/m,
      );
      expect(text.stdout).toMatch(/^ {4}a holder committed +MISSING +no worker took the lock/m);
      expect(text.stderr).toContain(`${NOT_HAPPENED}no worker took the lock`);
      const json = lab('--db', server.url, '--worker', 'true', '--json');
      expect(json.status).toBe(2);
      const result = report(json);
      expect(result.safe).toBe(false);
      expect(result.verdict).toBe('incomplete');
      expect(result.acceptance.missing).toEqual(['no worker took the lock: every worker exited without taking it']);
      expect(stepStatuses(result)).toEqual({
        holderCommitted: 'missing',
        pausedPastLease: 'notReached',
        takeoverCommitted: 'notReached',
        resumed: 'notReached',
      });
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'a worker that hangs: stopped at the deadline, named as hung, nothing left running',
    () => {
      const marker = `lab-hang-marker-${process.pid}`;
      const run = lab('--db', server.url, '--deadline-ms', '3000', '--json', '--worker', `sleep 1000 # ${marker}`);
      expect(run.status).toBe(2);
      expect(report(run).acceptance.missing).toEqual(['no worker took the lock; the workers hung: no write in 3 s']);
      expect(run.stderr).toContain(`${NOT_HAPPENED}no worker took the lock; the workers hung: no write in 3 s`);
      expect(run.ms).toBeLessThan(25_000);
      expect(processesWith(marker)).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'a worker that never takes the lock: its writes, once each, do not make the test happen',
    () => {
      const run = lab(
        '--db',
        server.url,
        '--replicas',
        '1',
        '--json',
        '--worker',
        'node src/lab/testWorkers/lockless-writer.mjs',
      );
      expect(run.status).toBe(2);
      const result = report(run);
      expect(result.doubleApplied).toEqual([]);
      expect(result.writes).toHaveLength(5);
      expect(result.verdict).toBe('incomplete');
      expect(result.acceptance.missing).toEqual([
        expect.stringMatching(
          /^no worker took the lock: every worker exited without taking it; A committed order 1001 at 02:[0-9:.]+ without holding it$/,
        ),
      ]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'a worker that takes the lock and exits: no holder committed a write',
    () => {
      const run = lab('--db', server.url, '--json', '--worker', 'node src/lab/testWorkers/take-lock-and-exit.mjs');
      expect(run.status).toBe(2);
      const result = report(run);
      expect(result.grants).toHaveLength(1);
      expect(result.acceptance.missing).toEqual([
        expect.stringMatching(
          /^no worker committed a write while it held the lock \([ABC] took it \(token 7\) at 02:[0-9:.]+\)$/,
        ),
      ]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'the example fenced with one replica: paused past its lease, but nobody could take over',
    () => {
      const run = lab(
        '--db',
        server.url,
        '--replicas',
        '1',
        '--scale',
        '5',
        '--json',
        '--worker',
        'node examples/lab-worker.mjs',
      );
      expect(run.status).toBe(2);
      const result = report(run);
      expect(result.doubleApplied).toEqual([]);
      expect(stepStatuses(result)).toEqual({
        holderCommitted: 'observed',
        pausedPastLease: 'observed',
        takeoverCommitted: 'missing',
        resumed: 'observed',
      });
      expect(result.acceptance.missing).toEqual([
        expect.stringMatching(/^nobody took over during the pause \(A was paused from 02:[0-9:.]+ to 02:[0-9:.]+\)$/),
      ]);
    },
    RUN_TIMEOUT_MS,
  );
});
