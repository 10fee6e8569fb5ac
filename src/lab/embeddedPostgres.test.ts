import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ourTempEntries, processesMarked, runMarker } from '../../scripts/leftovers';
import { startEmbeddedPostgres } from './embeddedPostgres';
import { hydrateLibraryLinks } from './postgresBinaries';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');

describe('startEmbeddedPostgres', () => {
  it('starts a real PostgreSQL that answers, and stop() leaves no server and no folder', async () => {
    const server = await startEmbeddedPostgres();
    let stopped = false;
    try {
      expect(existsSync(server.dataDir)).toBe(true);
      expect(server.dataDir.startsWith(server.folder)).toBe(true);
      const url = await server.createDatabase('lab_probe');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ version: string; db: string }>(
        'SELECT version() AS version, current_database() AS db',
      );
      await client.end();
      expect(rows[0]?.version).toMatch(/^PostgreSQL 18\./);
      expect(rows[0]?.db).toBe('lab_probe');
      await server.stop();
      stopped = true;
      expect(existsSync(server.dataDir)).toBe(false);
      expect(existsSync(server.folder)).toBe(false);
      const after = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2000 });
      await expect(after.connect()).rejects.toThrow();
      await server.stop();
    } finally {
      if (!stopped) await server.stop();
    }
  }, 60_000);
});

/**
 * A Node process that starts a server and ends without stopping it, the way `how` says; its
 * temporary folder is one of its own (open to every user, as /tmp is).
 */
function startAndLeave(how: 'exit' | 'SIGTERM') {
  const ownTmp = mkdtempSync(join(tmpdir(), 'leaseline-leave-'));
  chmodSync(ownTmp, 0o1777);
  const marker = runMarker(how);
  const end = how === 'exit' ? 'process.exit(3);' : "process.kill(process.pid, 'SIGTERM'); setTimeout(() => {}, 5000);";
  const script = `import { startEmbeddedPostgres } from './src/lab/embeddedPostgres.ts';
const server = await startEmbeddedPostgres();
console.log(server.folder);
${end}`;
  try {
    const run = spawnSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, TMPDIR: ownTmp, [marker.name]: marker.value },
    });
    return { run, left: ourTempEntries(ownTmp), running: processesMarked(marker) };
  } finally {
    rmSync(ownTmp, { recursive: true, force: true });
  }
}

describe('a server its process never stopped', () => {
  it('is killed and its folder removed when the process exits', () => {
    const { run, left, running } = startAndLeave('exit');
    expect(run.stdout).toContain('leaseline-pg-');
    expect(run.status).toBe(3);
    expect(left).toEqual([]);
    expect(running).toEqual([]);
  }, 60_000);

  it('is killed and its folder removed when a signal nobody handles ends the process, which still ends by it', () => {
    const { run, left, running } = startAndLeave('SIGTERM');
    expect(run.stdout).toContain('leaseline-pg-');
    expect(run.signal).toBe('SIGTERM');
    expect(left).toEqual([]);
    expect(running).toEqual([]);
  }, 60_000);
});

describe('hydrateLibraryLinks', () => {
  it('recreates the library links an npm tarball cannot carry (postgres needs libicuuc.so.60 -> .60.2), and leaves existing ones', () => {
    const root = mkdtempSync(join(tmpdir(), 'leaseline-links-'));
    try {
      mkdirSync(join(root, 'native', 'lib'), { recursive: true });
      writeFileSync(join(root, 'native', 'lib', 'libicuuc.so.60.2'), 'the library');
      writeFileSync(join(root, 'native', 'lib', 'libpq.so.5'), 'already there');
      writeFileSync(
        join(root, 'native', 'pg-symlinks.json'),
        JSON.stringify([
          { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so.60' },
          { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
        ]),
      );
      hydrateLibraryLinks(root);
      expect(readlinkSync(join(root, 'native', 'lib', 'libicuuc.so.60'))).toBe('libicuuc.so.60.2');
      expect(readFileSync(join(root, 'native', 'lib', 'libicuuc.so.60'), 'utf8')).toBe('the library');
      expect(readFileSync(join(root, 'native', 'lib', 'libpq.so.5'), 'utf8')).toBe('already there');
      hydrateLibraryLinks(root);
      expect(readlinkSync(join(root, 'native', 'lib', 'libicuuc.so.60'))).toBe('libicuuc.so.60.2');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
