/**
 * The etcd of `leaseline lab --lock etcd` (docs/lab.md, "The etcd lock"): a real single-member
 * etcd (etcdServer.ts) whose revision the harness first brings to last night's token, so that
 * tonight's first contender's key is created at revision 7 (the token after the fence's 6).
 * The harness looks at the lock prefix through the JSON gateway every LOOK_EVERY_MS: the key
 * with the lowest create revision is the holder (its value the hostname, its create revision
 * the token); a new one is a grant; the holder's lease's time to live is its lease, and a
 * keep-alive that moves it is a lease row; the key gone is the grant's end (a release, or its
 * lease expired). These rows have the shape of ShedLock's lock history, so the verdict judges
 * an etcd night as it judges a PostgreSQL one.
 */
import { EtcdGateway, type KeyValue } from './etcdGateway';
import { startEtcdServer } from './etcdServer';
import { LabError, messageOf } from './labDatabase';
import { ETCD_LAST_NIGHT_KEY, ETCD_LOCK_PREFIX } from './labEtcdKeys';
import type { LockHistoryRow } from './labObservation';
import type { LabEtcdReport } from './labReport';

export interface LabEtcdOptions {
  /** Last night's token: tonight's first key is created at the revision after it. */
  readonly lastToken: number;
  /** Each new holder (its `locked_by`, its token) as soon as the harness has seen it. */
  readonly onGrant: (lockedBy: string, token: number) => void;
}

export interface LabEtcd {
  /** The workers' address (`LEASELINE_ETCD_URL`). */
  readonly url: string;
  /** `etcd 3.4.23, one member` */
  readonly description: string;
  readonly startMs: number;
  /** The lock's history as lock rows, moved by `toDbMs` from this machine's clock onto the database's. */
  history(toDbMs: number): readonly LockHistoryRow[];
  /** Stops looking and the server (its folder removed); safe to call twice. */
  stop(): Promise<void>;
}

/** Real milliseconds between two looks at the prefix: well under the lab's shortest step (a 200 ms load at scale 10). */
const LOOK_EVERY_MS = 25;
/** A keep-alive moves the lease's end by a third of its TTL; smaller moves are the look's own rounding. */
const LEASE_MOVE_MS = 250;

export async function startLabEtcd(options: LabEtcdOptions): Promise<LabEtcd> {
  let server: Awaited<ReturnType<typeof startEtcdServer>> | null = null;
  try {
    server = await startEtcdServer();
    const gateway = new EtcdGateway(server.url);
    // A fresh member is at revision 1; each put adds one.
    for (let revision = await gateway.revision(); revision < options.lastToken; revision += 1) {
      await gateway.put(ETCD_LAST_NIGHT_KEY, String(options.lastToken));
    }
    const watcher = prefixWatcher(gateway, options);
    const running = server;
    let stopping: Promise<void> | null = null;
    return {
      url: server.url,
      description: `etcd ${server.version}, one member`,
      startMs: server.startMs,
      history: (toDbMs) =>
        watcher.rows().map((row) => ({
          ...row,
          changedAtMs: row.changedAtMs + toDbMs,
          lockedAtMs: row.lockedAtMs + toDbMs,
          lockUntilMs: row.lockUntilMs + toDbMs,
        })),
      stop() {
        stopping ??= watcher.stop().then(() => running.stop());
        return stopping;
      },
    };
  } catch (error) {
    await server?.stop().catch(() => undefined);
    // An EtcdStartError already says what failed and what to run.
    throw new LabError(`the lab's etcd could not start: ${messageOf(error)}`);
  }
}

/** The report's `etcd` field. */
export function etcdReportOf(etcd: LabEtcd): LabEtcdReport {
  return { server: etcd.description };
}

/**
 * Grants, lease moves and ends of the lock as lock rows, one look at a time (each look waits for
 * the one before, so rows keep etcd's order). A look sees each holder unless it held for less
 * than a look's period, far shorter than any lab run's tenure.
 */
function prefixWatcher(gateway: EtcdGateway, options: LabEtcdOptions) {
  const rows: LockHistoryRow[] = [];
  let current: { readonly key: KeyValue; row: LockHistoryRow } | null = null;
  let stopped = false;
  const end = (atMs: number) => {
    if (current === null) return;
    rows.push({ ...current.row, changedAtMs: atMs, lockUntilMs: atMs });
    current = null;
  };
  const look = async () => {
    const owner = (await gateway.keysByCreation(ETCD_LOCK_PREFIX))[0] ?? null;
    const atMs = Date.now();
    const same = current !== null && owner !== null && owner.createRevision === current.key.createRevision;
    if (!same) end(atMs);
    if (owner === null) return;
    const ttlSeconds = await gateway.leaseTimeToLive(owner.leaseId).catch(() => -1);
    // The lease's end as far as whole seconds tell; -1: etcd already expired it (the key goes with it).
    const untilMs = ttlSeconds >= 0 ? atMs + ttlSeconds * 1000 : atMs;
    if (current === null) {
      current = {
        key: owner,
        row: {
          changedAtMs: atMs,
          lockedAtMs: atMs,
          lockUntilMs: untilMs,
          lockedBy: owner.value,
          token: owner.createRevision,
        },
      };
      rows.push(current.row);
      options.onGrant(owner.value, owner.createRevision);
    } else if (untilMs > current.row.lockUntilMs + LEASE_MOVE_MS) {
      current.row = { ...current.row, changedAtMs: atMs, lockUntilMs: untilMs };
      rows.push(current.row);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await look().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
  })();
  return {
    rows: () => rows,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
