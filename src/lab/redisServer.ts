/**
 * A real Redis of our own (Debian's redis-server, `redisBinary.ts`): started on a free port of
 * 127.0.0.1 with nothing written to disk (`--save ''`, `--appendonly no`) and its working
 * folder a fresh `leaseline-redis-*` under the system temp folder; stopped and the folder
 * removed by `stop()`, and, as a last resort, when this Node process exits or is ended by a
 * signal (the same hook as the embedded PostgreSQL's, `embeddedPostgresCleanup.ts`). Ready once
 * it answers PING; a replica (`replicaOfPort`), once it has its first full copy of the primary.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { stopChild, untilReady } from './childProcess';
import { trackServer } from './embeddedPostgresCleanup';
import { freePort } from './freePort';
import { findRedisServer, type RedisBinary, RedisStartError } from './redisBinary';

export interface RedisServer {
  /** `redis://127.0.0.1:PORT`. */
  readonly url: string;
  readonly port: number;
  /** The server's working folder; gone after `stop()`. */
  readonly folder: string;
  readonly version: string;
  /** How long the start took until PING answered, in real milliseconds. */
  readonly startMs: number;
  /**
   * Kills the server with SIGKILL, as a machine dies: no shutdown, nothing it had not yet sent
   * to a replica reaches it. Resolves once the process is gone; the folder stays until `stop()`.
   */
  kill(): Promise<void>;
  /** Stops the server and removes its folder; safe to call twice, and after `kill()`. */
  stop(): Promise<void>;
}

export interface RedisStartOptions {
  /** Start as a replica of the Redis on this port of 127.0.0.1. */
  readonly replicaOfPort?: number;
  /** The server's own log lines (quiet by default). */
  readonly onLog?: (text: string) => void;
}

/** The prefix of every server's folder in the temp folder (`leftovers` looks for `leaseline-`). */
export const REDIS_FOLDER_PREFIX = 'leaseline-redis-';
const START_TRIES = 3;
const READY_TIMEOUT_MS = 20_000;
const PING_EVERY_MS = 50;
const STOP_GRACE_MS = 5_000;

/** Starts a fresh redis-server; throws a RedisStartError saying what failed (nothing is left behind). */
export async function startRedisServer(options: RedisStartOptions = {}): Promise<RedisServer> {
  const startedAt = performance.now();
  const binary = findRedisServer();
  const folder = mkdtempSync(join(tmpdir(), REDIS_FOLDER_PREFIX));
  const tracked = trackServer(folder);
  let child: ChildProcess | null = null;
  const removeAll = async () => {
    if (child !== null) await stopProcess(child);
    child = null;
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    tracked.untrack();
  };
  try {
    let port = 0;
    for (let attempt = 1; child === null; attempt += 1) {
      port = await freePort();
      const started = spawnServer(binary, folder, port, options);
      if (started.pid !== undefined) tracked.setPid(started.pid);
      try {
        await untilPong(started, port);
        if (options.replicaOfPort !== undefined) await untilLinkUp(port);
        child = started;
      } catch (error) {
        await stopProcess(started);
        const message = error instanceof Error ? error.message : String(error);
        if (!/Address already in use/i.test(message) || attempt >= START_TRIES) throw error;
      }
    }
    let stopping: Promise<void> | null = null;
    const running = child as ChildProcess;
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      folder,
      version: binary.version,
      startMs: Math.round(performance.now() - startedAt),
      kill() {
        // stopChild's grace never runs out: SIGKILL cannot be caught.
        return stopChild(running, 'SIGKILL', STOP_GRACE_MS);
      },
      stop() {
        stopping ??= removeAll();
        return stopping;
      },
    };
  } catch (error) {
    await removeAll().catch(() => undefined);
    if (error instanceof RedisStartError) throw error;
    throw new RedisStartError(
      `redis-server ${binary.version} did not start (${error instanceof Error ? error.message : String(error)})`,
      `check that ${binary.path} runs by hand`,
    );
  }
}

function spawnServer(binary: RedisBinary, folder: string, port: number, options: RedisStartOptions): ChildProcess {
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    // No socket file, nothing on disk: the data is thrown away at the end.
    '--unixsocket',
    '',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    folder,
    '--daemonize',
    'no',
    '--logfile',
    '',
    // Nothing is saved, so a primary need not wait for a lagging replica before it stops.
    '--shutdown-timeout',
    '0',
    // A replica's first copy starts at once (Redis waits 5 s by default for more replicas to share it).
    '--repl-diskless-sync-delay',
    '0',
  ];
  if (options.replicaOfPort !== undefined) args.push('--replicaof', '127.0.0.1', String(options.replicaOfPort));
  const child = spawn(binary.path, args, { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
  // A failed spawn is reported by `untilPong`; without a listener it would end this process.
  child.on('error', () => undefined);
  const log = options.onLog ?? (() => undefined);
  // Read its output for as long as it runs: a full pipe would block its logging.
  child.stdout?.on('data', (chunk: Buffer) => log(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => log(String(chunk)));
  return child;
}

/** Resolves once the server answers PING; rejects with its last output when it exits or takes too long. */
function untilPong(child: ChildProcess, port: number): Promise<void> {
  const isReady = () => answersPing(port);
  return untilReady(child, {
    name: 'redis-server',
    notReady: 'did not answer PING',
    isReady,
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: PING_EVERY_MS,
  });
}

/**
 * A replica is ready once its first full copy from the primary is done (`master_link_status:up`):
 * before that it answers PING but holds nothing, and WAIT on the primary counts it out.
 */
async function untilLinkUp(port: number): Promise<void> {
  const client = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const deadline = performance.now() + READY_TIMEOUT_MS;
    while (performance.now() < deadline) {
      const info = await client.info('replication');
      if (/^master_link_status:up\s*$/m.test(info)) return;
      await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS));
    }
    throw new Error(`the replica did not finish copying its primary after ${READY_TIMEOUT_MS / 1000} s`);
  } finally {
    client.destroy();
  }
}

async function answersPing(port: number): Promise<boolean> {
  // No reconnecting: a refused connection is an answer ("not yet"), not something to retry here.
  const client = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

/** SIGTERM (with nothing to save it exits at once), then SIGKILL if it takes too long. */
function stopProcess(child: ChildProcess): Promise<void> {
  return stopChild(child, 'SIGTERM', STOP_GRACE_MS);
}
