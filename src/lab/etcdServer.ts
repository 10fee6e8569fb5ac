/**
 * A real etcd of our own (Debian's, `etcdBinary.ts`): one member, its client and peer URLs on
 * two free ports of 127.0.0.1, its data in a fresh `leaseline-etcd-*` folder under the system
 * temp folder; stopped and the folder removed by `stop()`, and, as a last resort, when this Node
 * process exits or is ended by a signal (the hook the embedded PostgreSQL and Redis use,
 * `embeddedPostgresCleanup.ts`). Ready once `/health` says so, which a single member does once
 * it has elected itself. Spoken to through its JSON gateway (`/v3/...`) or etcdctl.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild, untilReady } from './childProcess';
import { trackServer } from './embeddedPostgresCleanup';
import { type EtcdBinaries, EtcdStartError, findEtcd } from './etcdBinary';
import { freePort } from './freePort';

export interface EtcdServer {
  /** `http://127.0.0.1:PORT`: the gateway's base and etcdctl's `--endpoints`. */
  readonly url: string;
  readonly clientPort: number;
  readonly peerPort: number;
  /** The server's folder (its data inside); gone after `stop()`. */
  readonly folder: string;
  readonly version: string;
  /** The etcdctl of the same release, for the tests that run the app's commands. */
  readonly etcdctl: string;
  /** How long the start took until it was healthy, in real milliseconds. */
  readonly startMs: number;
  /** Stops the server and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/** The prefix of every server's folder in the temp folder (`leftovers` looks for `leaseline-`). */
export const ETCD_FOLDER_PREFIX = 'leaseline-etcd-';
const START_TRIES = 3;
const READY_TIMEOUT_MS = 30_000;
const POLL_EVERY_MS = 50;
const STOP_GRACE_MS = 5_000;

/** Starts a fresh single-member etcd; throws an EtcdStartError saying what failed (nothing is left behind). */
export async function startEtcdServer(options: { readonly onLog?: (text: string) => void } = {}): Promise<EtcdServer> {
  const startedAt = performance.now();
  const binaries = findEtcd();
  const folder = mkdtempSync(join(tmpdir(), ETCD_FOLDER_PREFIX));
  const tracked = trackServer(folder);
  let child: ChildProcess | null = null;
  const removeAll = async () => {
    if (child !== null) await stopChild(child, 'SIGTERM', STOP_GRACE_MS);
    child = null;
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    tracked.untrack();
  };
  try {
    let ports = { client: 0, peer: 0 };
    for (let attempt = 1; child === null; attempt += 1) {
      ports = await twoFreePorts();
      // A failed try's data would make the next one a restart of another member: start clean.
      rmSync(join(folder, 'data'), { recursive: true, force: true });
      const started = spawnServer(binaries, folder, ports, options.onLog);
      if (started.pid !== undefined) tracked.setPid(started.pid);
      try {
        await untilHealthy(started, ports.client);
        child = started;
      } catch (error) {
        await stopChild(started, 'SIGTERM', STOP_GRACE_MS);
        const message = error instanceof Error ? error.message : String(error);
        if (!/address already in use/i.test(message) || attempt >= START_TRIES) throw error;
      }
    }
    let stopping: Promise<void> | null = null;
    return {
      url: `http://127.0.0.1:${ports.client}`,
      clientPort: ports.client,
      peerPort: ports.peer,
      folder,
      version: binaries.version,
      etcdctl: binaries.etcdctl,
      startMs: Math.round(performance.now() - startedAt),
      stop() {
        stopping ??= removeAll();
        return stopping;
      },
    };
  } catch (error) {
    await removeAll().catch(() => undefined);
    if (error instanceof EtcdStartError) throw error;
    throw new EtcdStartError(
      `etcd ${binaries.version} did not start (${error instanceof Error ? error.message : String(error)})`,
      `check that ${binaries.etcd} runs by hand`,
    );
  }
}

async function twoFreePorts(): Promise<{ client: number; peer: number }> {
  const client = await freePort();
  let peer = await freePort();
  // The kernel may offer the same port twice in a row once the first probe closed.
  for (let tries = 0; peer === client && tries < 10; tries++) peer = await freePort();
  return { client, peer };
}

function spawnServer(
  binaries: EtcdBinaries,
  folder: string,
  ports: { client: number; peer: number },
  onLog: ((text: string) => void) | undefined,
): ChildProcess {
  const clientUrl = `http://127.0.0.1:${ports.client}`;
  const peerUrl = `http://127.0.0.1:${ports.peer}`;
  const args = [
    '--name',
    'leaseline',
    '--data-dir',
    join(folder, 'data'),
    '--listen-client-urls',
    clientUrl,
    '--advertise-client-urls',
    clientUrl,
    '--listen-peer-urls',
    peerUrl,
    '--initial-advertise-peer-urls',
    peerUrl,
    '--initial-cluster',
    `leaseline=${peerUrl}`,
    '--initial-cluster-state',
    'new',
    '--logger',
    'zap',
    '--log-outputs',
    'stderr',
    '--log-level',
    'warn',
  ];
  // etcd reads ETCD_* variables as flags: none of the caller's may change this member.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ETCD')));
  const child = spawn(binaries.etcd, args, { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // A failed spawn is reported by `untilHealthy`; without a listener it would end this process.
  child.on('error', () => undefined);
  const log = onLog ?? (() => undefined);
  // Read its output for as long as it runs: a full pipe would block its logging.
  child.stdout?.on('data', (chunk: Buffer) => log(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => log(String(chunk)));
  return child;
}

/** Resolves once `/health` answers healthy; rejects with its last output when it exits or takes too long. */
function untilHealthy(child: ChildProcess, port: number): Promise<void> {
  const isReady = () => isHealthy(port);
  return untilReady(child, {
    name: 'etcd',
    notReady: 'was not healthy',
    isReady,
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: POLL_EVERY_MS,
  });
}

async function isHealthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    const body = (await response.json()) as { health?: unknown };
    return response.ok && body.health === 'true';
  } catch {
    return false;
  }
}
