/**
 * A real standalone ZooKeeper of our own (Debian's, `zookeeperBinary.ts`): the Java main class
 * `ZooKeeperServerMain` run directly on Debian's jar (whose manifest names the jars it needs),
 * with a zoo.cfg written into a fresh `leaseline-zookeeper-*` folder under the system temp
 * folder: its data there, its client port a free port of 127.0.0.1, the admin server (an HTTP
 * port of its own) off, the four-letter words on, and a small tick so sessions can be short (a
 * session's timeout is held between 2 and 20 ticks). Ready once `srvr` on its port names
 * its mode (it says `imok` to `ruok` before it serves). Stopped and the folder removed by `stop()`, and, as a last resort, when this Node
 * process exits or is ended by a signal (the hook etcd, Redis and PostgreSQL use).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild, untilReady } from './childProcess';
import { trackServer } from './embeddedPostgresCleanup';
import { freePort } from './freePort';
import { findZookeeper, type ZookeeperBinaries, ZookeeperStartError } from './zookeeperBinary';

export interface ZookeeperServer {
  /** `127.0.0.1:PORT`: zkCli.sh's `-server`. */
  readonly connectString: string;
  readonly clientPort: number;
  readonly tickMs: number;
  /** The server's folder (zoo.cfg and data inside); gone after `stop()`. */
  readonly folder: string;
  readonly version: string;
  readonly binaries: ZookeeperBinaries;
  /** How long the start took until it answered, in real milliseconds. */
  readonly startMs: number;
  /** Stops the server and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

export const ZOOKEEPER_FOLDER_PREFIX = 'leaseline-zookeeper-';
/** The default tick: sessions from 200 ms (2 ticks) to 2 s (20 ticks) unless the caller widens them. */
export const ZOOKEEPER_TICK_MS = 100;
const START_TRIES = 3;
/** Java starts slowly on a busy machine. */
const READY_TIMEOUT_MS = 60_000;
const POLL_EVERY_MS = 100;
const STOP_GRACE_MS = 5_000;

export interface ZookeeperOptions {
  readonly tickMs?: number;
  /** The longest session timeout the server grants (default 20 ticks, ZooKeeper's own). */
  readonly maxSessionTimeoutMs?: number;
  readonly onLog?: (text: string) => void;
}

/** Starts a fresh standalone ZooKeeper; throws a ZookeeperStartError saying what failed (nothing is left behind). */
export async function startZookeeperServer(options: ZookeeperOptions = {}): Promise<ZookeeperServer> {
  const startedAt = performance.now();
  const binaries = findZookeeper();
  const tickMs = options.tickMs ?? ZOOKEEPER_TICK_MS;
  const folder = mkdtempSync(join(tmpdir(), ZOOKEEPER_FOLDER_PREFIX));
  const tracked = trackServer(folder);
  let child: ChildProcess | null = null;
  const removeAll = async () => {
    if (child !== null) await stopChild(child, 'SIGTERM', STOP_GRACE_MS);
    child = null;
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    tracked.untrack();
  };
  try {
    let port = 0;
    for (let attempt = 1; child === null; attempt += 1) {
      port = await freePort();
      rmSync(join(folder, 'data'), { recursive: true, force: true });
      mkdirSync(join(folder, 'data'));
      writeFileSync(join(folder, 'zoo.cfg'), zooCfg(folder, port, tickMs, options.maxSessionTimeoutMs));
      const started = spawnServer(binaries, folder, options.onLog);
      if (started.pid !== undefined) tracked.setPid(started.pid);
      try {
        await untilServing(started, port);
        child = started;
      } catch (error) {
        await stopChild(started, 'SIGTERM', STOP_GRACE_MS);
        const message = error instanceof Error ? error.message : String(error);
        if (!/address already in use|BindException/i.test(message) || attempt >= START_TRIES) throw error;
      }
    }
    let stopping: Promise<void> | null = null;
    return {
      connectString: `127.0.0.1:${port}`,
      clientPort: port,
      tickMs,
      folder,
      version: binaries.version,
      binaries,
      startMs: Math.round(performance.now() - startedAt),
      stop() {
        stopping ??= removeAll();
        return stopping;
      },
    };
  } catch (error) {
    await removeAll().catch(() => undefined);
    if (error instanceof ZookeeperStartError) throw error;
    throw new ZookeeperStartError(
      `ZooKeeper ${binaries.version} did not start (${error instanceof Error ? error.message : String(error)})`,
      `check that ${binaries.java} -cp ${binaries.jar} org.apache.zookeeper.server.ZooKeeperServerMain runs by hand`,
    );
  }
}

/** Pure: the server's configuration. */
export function zooCfg(folder: string, port: number, tickMs: number, maxSessionTimeoutMs?: number): string {
  const lines = [
    `tickTime=${tickMs}`,
    `dataDir=${join(folder, 'data')}`,
    `clientPort=${port}`,
    'clientPortAddress=127.0.0.1',
    'admin.enableServer=false',
    '4lw.commands.whitelist=*',
    `minSessionTimeout=${2 * tickMs}`,
    `maxSessionTimeout=${maxSessionTimeoutMs ?? 20 * tickMs}`,
  ];
  return `${lines.join('\n')}\n`;
}

function spawnServer(binaries: ZookeeperBinaries, folder: string, onLog: ((text: string) => void) | undefined) {
  const args = [
    '-Xmx256m',
    `-Dzookeeper.log.dir=${folder}`,
    '-cp',
    binaries.jar,
    'org.apache.zookeeper.server.ZooKeeperServerMain',
    join(folder, 'zoo.cfg'),
  ];
  // The caller's JVM options (JAVA_TOOL_OPTIONS and the like) may not change this server.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(JAVA|_JAVA|JDK_)/.test(name)));
  const child = spawn(binaries.java, args, { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.on('error', () => undefined);
  const log = onLog ?? (() => undefined);
  child.stdout?.on('data', (chunk: Buffer) => log(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => log(String(chunk)));
  return child;
}

/** Resolves once the server serves; rejects with its last output when it exits or takes too long. */
function untilServing(child: ChildProcess, port: number): Promise<void> {
  // `ruok` says imok before the server serves; `srvr` names its mode only once it does.
  const isReady = async () => /^Mode: /m.test(await fourLetterWord(port, 'srvr'));
  return untilReady(child, {
    name: 'ZooKeeper',
    notReady: 'did not serve',
    isReady,
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: POLL_EVERY_MS,
  });
}

/** A four-letter word's answer (`ruok`, `srvr`, `cons`...), or '' when the port does not answer. */
export function fourLetterWord(port: number, word: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect({ host: '127.0.0.1', port }, () => socket.end(word));
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (chunk) => {
      answer += String(chunk);
    });
    socket.on('error', () => resolve(''));
    socket.on('close', () => resolve(answer.trim()));
  });
}
