/**
 * Replays one ZooKeeper night's requests (zookeeperNights.ts) on a real standalone ZooKeeper
 * through Debian's zkCli.sh, as the app renders them (`renderSql`), in trace order, one zkCli
 * per session (the session is the connection), and compares every answer with the simulator's:
 *
 * - the create: the ephemeral sequential node's sequence number must be the simulator's token,
 *   and the node must be the lowest lock node (the holder) exactly when the simulator granted;
 * - a waiter (`queued`): it watches its predecessor, the next lower node (`stat -w`), as
 *   Curator's recipe does, and the next lower one again when that goes while a lower node is
 *   left (`followWatches`); when the simulator wakes it (its re-check), every lower node must be
 *   gone and its watch must have fired (NodeDeleted). A waiter whose session expired first: a
 *   ZooKeeper watch ends with its session, so its zkCli (run again where its replica resumes)
 *   must hear the Expired event and never the predecessor's deletion, and the simulator must
 *   wake it right there;
 * - each delete (deleted, or `Node does not exist`), each re-check (`stat`), each ping (`sync`,
 *   answered only while the session lives);
 * - an ended session: its nodes must be gone.
 *
 * Untimed (`timeScale` null, the zkCli commands test): a session the server expires is closed
 * just before its line. Timed (the replay): the night's time runs as the etcd replay's does
 * (etcdNightTime.ts: only through each lapse, scaled to the real session timeout), the
 * session's zkCli is stopped (SIGSTOP: no more pings) where the night's session had its last
 * refresh, and ZooKeeper expires it on its own clock; the replay goes on once it has. Tolerance
 * (ZooKeeper checks expiries in buckets of a tick, so one may come up to a tick late): never
 * before a timeout after the session's last request, never later than a timeout, a tick and
 * `EXPIRY_SLACK_MS` after its zkCli stopped; later is this machine's delay (`late`).
 *
 * The sequence numbers are ZooKeeper's own: the lock's node is made afresh and filled with
 * persistent `filler-` nodes up to `storage.lastToken`.
 */
import type { ZookeeperServer } from '../../src/lab/zookeeperServer';
import { ZOOKEEPER_LOCK_PATH, zookeeperNodePrefix } from '../../src/sim/consensusCommand';
import { serverSessionTtlMs } from '../../src/sim/services/consensus/consensusLock';
import { renderSql, statementTarget } from '../../src/sim/sqlStatement';
import type { TraceEntry } from '../../src/sim/trace';
import { dueRealMs, type Lapse, lapsesOf } from './etcdNightTime';
import { ZkCliShell } from './zkCliShell';
import type { ZookeeperNight } from './zookeeperNights';

type SqlEntry = Extract<TraceEntry, { kind: 'sql' }>;

export interface ZookeeperReplayOptions {
  /** The real session timeout of every session's zkCli, ms. */
  readonly sessionTimeoutMs: number;
  /** Timed: replay the night's lapses in real time, sessions expiring at the server. */
  readonly timed: boolean;
}

export interface ZookeeperReplayResult {
  /** zkCli lines the trace records, run and their answers compared. */
  readonly requests: number;
  readonly problems: readonly string[];
  /** Each server-side expiry: how long after its zkCli was stopped ZooKeeper had ended it, real ms. */
  readonly expiries: readonly { readonly session: string; readonly afterMs: number }[];
  /** Set when the replay fell behind its own timing (a busy machine): the attempt says nothing. */
  readonly late: string | null;
}

const KEEP_ALIVE_EVERY_MS = 1000;
/** How long past its timeout ZooKeeper may take to end a stopped session, on a busy machine. */
const EXPIRY_WAIT_MS = 30_000;
const POLL_EVERY_MS = 50;
/** How long a watch notice may take to reach its zkCli. */
const WATCH_WAIT_MS = 10_000;
/**
 * Tolerance past timeout + one tick for an expiry (ZooKeeper's expiry bucket is already in the
 * tick): the session's own last ping may come up to a third of the timeout before its zkCli
 * stops, so the expiry can come earlier than timeout after the stop, never later than this
 * (the observer's polling of `ls`, a busy JVM).
 */
const EXPIRY_SLACK_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Replays the night; the answers that differ from the simulator's, as sentences. */
export async function replayZookeeperNight(
  server: ZookeeperServer,
  night: ZookeeperNight,
  options: ZookeeperReplayOptions,
): Promise<ZookeeperReplayResult> {
  if (night.scenario.lock.kind !== 'zookeeper') throw new Error(`not a ZooKeeper night: ${night.scenario.lock.kind}`);
  const replay = new NightReplay(server, options);
  try {
    await replay.freshLock(night.scenario.storage.lastToken);
    await replay.night(night.trace.entries, serverSessionTtlMs(night.scenario.lock));
    return { requests: replay.requests, problems: replay.problems, expiries: replay.expiries, late: replay.late };
  } finally {
    await replay.close();
  }
}

/** One night's replay: an observer's zkCli for the looks, and one zkCli per session. */
class NightReplay {
  requests = 0;
  readonly problems: string[] = [];
  readonly expiries: { session: string; afterMs: number }[] = [];
  late: string | null = null;
  private readonly observer: ZkCliShell;
  private readonly shells = new Map<string, ZkCliShell>();
  private readonly closed = new Set<string>();
  /** Real time each stopped session's zkCli was stopped. */
  private readonly stoppedAt = new Map<string, number>();
  /** Each waiting session's predecessor, which it watches (the next lower node, as it is now). */
  private readonly watching = new Map<string, string>();
  /** Real time each session's own zkCli last sent a request: the session lives at least a timeout past it. */
  private readonly lastRequestAt = new Map<string, number>();
  /** Sessions whose stopped zkCli has been let run again after ZooKeeper expired them. */
  private readonly resumed = new Map<string, number>();
  private readonly keptAliveAt = new Map<string, number>();

  constructor(
    private readonly server: ZookeeperServer,
    private readonly options: ZookeeperReplayOptions,
  ) {
    this.observer = this.newShell();
  }

  private newShell(): ZkCliShell {
    return new ZkCliShell(this.server.binaries.zkCli, this.server.connectString, this.options.sessionTimeoutMs);
  }

  private shellOf(session: string): ZkCliShell {
    let shell = this.shells.get(session);
    if (shell === undefined) {
      shell = this.newShell();
      this.shells.set(session, shell);
    }
    return shell;
  }

  /** The lock's node made afresh, its sequence brought to `lastToken` with persistent fillers. */
  async freshLock(lastToken: number): Promise<void> {
    await this.observer.run(`deleteall ${ZOOKEEPER_LOCK_PATH}`);
    await this.observer.run('create /locks ""');
    await this.observer.run(`create ${ZOOKEEPER_LOCK_PATH} ""`);
    for (let filled = 0; filled <= lastToken; filled++) {
      const out = await this.observer.run(`create -s ${ZOOKEEPER_LOCK_PATH}/filler- ""`);
      if (sequenceIn(out) !== filled) throw new Error(`filler ${filled} was numbered: ${out}`);
    }
  }

  async night(entries: readonly TraceEntry[], sessionTtlMs: number): Promise<void> {
    const requests = entries.filter(isZookeeper);
    const expiries = requests.filter(
      (entry) => entry.statement.kind === 'consensusSessionExpired' && !entry.statement.revoked,
    );
    const lapses = lapsesOf(
      expiries.map((entry) => entry.atMs),
      sessionTtlMs,
    );
    // Where each expiring session had its last refresh: its zkCli stops pinging after that.
    const stops = expiries.map((entry) => ({
      session: 'session' in entry.statement ? entry.statement.session : '',
      afterMs: entry.atMs - sessionTtlMs,
    }));
    const scale = this.options.sessionTimeoutMs / sessionTtlMs;
    const clock = { startedAt: performance.now() };
    const nightStartMs = requests[0]?.atMs ?? 0;
    for (const entry of requests) {
      if (this.options.timed) {
        for (const stop of stops.filter((s) => s.afterMs < entry.atMs && !this.stoppedAt.has(s.session))) {
          this.shellOf(stop.session).signal('SIGSTOP');
          this.stoppedAt.set(stop.session, performance.now());
        }
        if (!(await this.pace(clock, dueRealMs(lapses, nightStartMs, entry.atMs, scale), entry, lapses))) return;
      } else if (this.skipRepeatedKeepAlive(entry)) continue;
      const line = renderSql(entry.statement);
      const problem = await this.runLine(entry, line);
      if (this.late !== null) return;
      this.requests += 1;
      if (problem !== null) this.problems.push(`${entry.atMs} ms ${entry.statement.kind} ${line}: ${problem}`);
      if (this.options.timed) {
        for (const followed of await this.followWatches()) this.problems.push(`${entry.atMs} ms: ${followed}`);
      }
    }
  }

  /**
   * Waits until the request is due; false (and `late` set) when it is due already by more than
   * a third of a session inside a lapse. Outside the lapses no night time should pass at all,
   * so time spent there running lines (and waiting for an expiry) moves the replay's start on.
   */
  private async pace(clock: { startedAt: number }, dueMs: number, entry: SqlEntry, lapses: readonly Lapse[]) {
    const inLapse = lapses.some((lapse) => entry.atMs > lapse.fromMs && entry.atMs <= lapse.toMs);
    let behindMs = performance.now() - (clock.startedAt + dueMs);
    if (!inLapse && behindMs > 0) {
      clock.startedAt += behindMs;
      behindMs = 0;
    }
    if (inLapse && behindMs > this.options.sessionTimeoutMs / 3) {
      this.late = `${Math.round(behindMs)} ms behind the night at ${entry.atMs} ms`;
      return false;
    }
    if (behindMs < 0) await sleep(-behindMs);
    return true;
  }

  private skipRepeatedKeepAlive(entry: SqlEntry): boolean {
    const statement = entry.statement;
    if (statement.kind !== 'consensusKeepAlive' || entry.note !== 'extended') return false;
    const last = this.keptAliveAt.get(statement.session);
    if (last !== undefined && performance.now() - last < KEEP_ALIVE_EVERY_MS) return true;
    this.keptAliveAt.set(statement.session, performance.now());
    return false;
  }

  /** Runs the line where a learner would; what ZooKeeper answered that the simulator did not, or null. */
  private async runLine(entry: SqlEntry, line: string): Promise<string | null> {
    const statement = entry.statement;
    if (!('session' in statement)) return 'not a session statement';
    const session = statement.session;
    // A session's own lines go to its own zkCli while it lives; the looks at the lock, and a
    // release naming a node of a session already ended, to the observer's.
    const own = this.closed.has(session) ? this.observer : this.shellOf(session);
    // The server's expiry is not a request of the session (its line is the observer's look).
    if (own !== this.observer && statement.kind !== 'consensusSessionExpired')
      this.lastRequestAt.set(session, performance.now());
    switch (statement.kind) {
      case 'consensusCreate':
        return this.create(own, session, entry, line, statement.number);
      case 'consensusDelete': {
        const out = await own.run(line);
        if (statement.number === null) return entry.rows === 0 ? null : `no node to delete, simulator ${entry.rows}`;
        const deleted = /Node does not exist/.test(out) ? 0 : 1;
        return deleted === entry.rows ? null : `deleted ${deleted} (${out}), simulator ${entry.rows}`;
      }
      case 'consensusRecheck': {
        const woken = await this.wokenProblem(session, statement.number, entry.atMs);
        const out = await own.run(line);
        const found = /Node does not exist/.test(out) ? 0 : /cZxid/.test(out) ? 1 : -1;
        if (found !== entry.rows) return `found ${found} (${out}), simulator ${entry.rows}`;
        return woken;
      }
      case 'consensusKeepAlive': {
        if (this.closed.has(session) && this.stoppedAt.has(session)) {
          // The paused replica runs again and hears its session is gone: so does its zkCli.
          const heard = await this.heardExpiry(session, entry.atMs);
          if (heard !== null) return heard;
        }
        const out = this.closed.has(session) ? 'session closed' : await own.run(line);
        const kept = /Sync is OK/.test(out) ? 1 : 0;
        return kept === entry.rows ? null : `answered '${out}', simulator ${entry.note}`;
      }
      case 'consensusSessionExpired':
        return this.endSession(session, statement.revoked, line);
      default:
        return 'not a ZooKeeper request';
    }
  }

  private async create(own: ZkCliShell, session: string, entry: SqlEntry, line: string, number: number) {
    const out = await own.run(line);
    const sequence = sequenceIn(out);
    if (sequence !== number) return `sequence ${sequence} (${out}), simulator ${number}`;
    const nodes = await this.lockNodes();
    const mine = nodes.findIndex((node) => sequenceOf(node) === number);
    const holds = mine === 0;
    if (holds !== (entry.note === 'granted')) return `lowest node ${nodes[0]}, simulator ${entry.note}`;
    if (!holds && this.options.timed && mine > 0) {
      // Curator's waiter watches the next lower node only (no herd).
      const predecessor = `${ZOOKEEPER_LOCK_PATH}/${nodes[mine - 1]}`;
      this.watching.set(session, predecessor);
      await own.run(`stat -w ${predecessor}`);
    }
    return null;
  }

  /**
   * A woken waiter (timed only). Its session alive: no lower node left, and the watch on its
   * last predecessor fired (NodeDeleted). Its session expired before it woke: a ZooKeeper watch
   * ends with its session, so its zkCli must have heard the expiry (the Expired event) and
   * never the deletion of the predecessor it watched.
   */
  private async wokenProblem(session: string, number: number, atMs: number): Promise<string | null> {
    const predecessor = this.watching.get(session);
    if (predecessor === undefined) return null;
    this.watching.delete(session);
    const shell = this.shellOf(session);
    if (this.closed.has(session)) {
      const heard = this.stoppedAt.has(session) ? await this.heardExpiry(session, atMs) : null;
      if (heard !== null) return heard;
      // Its Expired event is what wakes it: when its client runs again, lower nodes left or not.
      const heardAtMs = this.resumed.get(session);
      if (heardAtMs !== undefined && heardAtMs !== atMs)
        return `woken at ${atMs} ms, but its watch ended with its session and its client heard that at ${heardAtMs} ms`;
      return shell.deletedWatched.includes(predecessor)
        ? `its watch on ${predecessor} fired after its session had expired`
        : null;
    }
    const lower = (await this.lockNodes()).filter((node) => (sequenceOf(node) ?? 0) < number);
    if (lower.length > 0) return `woken with lower nodes left: ${lower.join(', ')}`;
    return (await this.watchFired(shell, predecessor)) ? null : `its watch on ${predecessor} did not fire`;
  }

  private async watchFired(shell: ZkCliShell, path: string): Promise<boolean> {
    const deadline = performance.now() + WATCH_WAIT_MS;
    while (!shell.deletedWatched.includes(path) && performance.now() < deadline) await sleep(POLL_EVERY_MS);
    return shell.deletedWatched.includes(path);
  }

  /** Lets an expired session's stopped zkCli run again; a problem when it never hears of the expiry. */
  private async heardExpiry(session: string, atMs: number): Promise<string | null> {
    const shell = this.shellOf(session);
    if (!this.resumed.has(session)) {
      this.resumed.set(session, atMs);
      shell.signal('SIGCONT');
    }
    const deadline = performance.now() + WATCH_WAIT_MS;
    while (!shell.expiredHeard && performance.now() < deadline) await sleep(POLL_EVERY_MS);
    return shell.expiredHeard ? null : 'its zkCli, running again, never heard its session expired';
  }

  /**
   * Curator's waiter after a deletion (F17): each live waiter whose predecessor is gone must have
   * heard it (NodeDeleted); if a lower node is still there (its predecessor died while an earlier
   * holder holds) it lists the children and watches the new next lower node. Stopped and ended
   * sessions hear nothing.
   */
  private async followWatches(): Promise<string[]> {
    const problems: string[] = [];
    for (const [session, predecessor] of this.watching) {
      if (this.closed.has(session) || this.stoppedAt.has(session)) continue;
      let nodes = await this.lockNodes();
      if (nodes.includes(predecessor.split('/').at(-1) ?? '')) continue;
      const shell = this.shellOf(session);
      if (!(await this.watchFired(shell, predecessor))) {
        problems.push(`${session}'s watch on ${predecessor} did not fire when it went`);
      }
      nodes = await this.lockNodes();
      const mine = nodes.findIndex((node) => node.startsWith(zookeeperNodePrefix(session).split('/').at(-1) ?? ''));
      if (mine <= 0) continue;
      const next = `${ZOOKEEPER_LOCK_PATH}/${nodes[mine - 1]}`;
      this.watching.set(session, next);
      await shell.run(`stat -w ${next}`);
    }
    return problems;
  }

  /** Untimed: the server's expiry done as a close. Timed: waits for ZooKeeper's own. */
  private async endSession(session: string, revoked: boolean, line: string): Promise<string | null> {
    const shell = this.shellOf(session);
    const prefix = zookeeperNodePrefix(session).split('/').at(-1) ?? '';
    const leftOf = async (nodes: string[] | Promise<string[]>) =>
      (await nodes).filter((node) => node.startsWith(prefix));
    let timing: string | null = null;
    if (revoked || !this.options.timed) {
      await shell.run(revoked ? line : 'close');
    } else {
      // Its zkCli stays stopped: it hears of the expiry when its replica runs again (heardExpiry).
      timing = await this.expiryTiming(session, () => leftOf(this.lockNodes()));
    }
    this.closed.add(session);
    const left = await leftOf(lockNodesIn(await this.observer.run(revoked ? `ls ${ZOOKEEPER_LOCK_PATH}` : line)));
    if (left.length > 0) return `the ended session's nodes are still there: ${left.join(', ')}`;
    return timing;
  }

  /**
   * Waits for ZooKeeper to expire the stopped session; a problem when it did so before a timeout
   * had passed since the session's last request (each request and ping refreshes it, so never
   * earlier). Later than a timeout and a tick after its zkCli stopped (expiry is checked in
   * buckets of a tick) plus `EXPIRY_SLACK_MS` is this machine's delay, not ZooKeeper's answer:
   * the replay is late and the night is tried again, slower.
   */
  private async expiryTiming(session: string, left: () => Promise<string[]>): Promise<string | null> {
    const stoppedAt = this.stoppedAt.get(session);
    const deadline = performance.now() + EXPIRY_WAIT_MS;
    while ((await left()).length > 0 && performance.now() < deadline) await sleep(POLL_EVERY_MS);
    if (stoppedAt === undefined) return null;
    const goneAt = performance.now();
    const afterMs = Math.round(goneAt - stoppedAt);
    this.expiries.push({ session, afterMs });
    const sinceRequestMs = Math.round(goneAt - (this.lastRequestAt.get(session) ?? stoppedAt));
    if (sinceRequestMs < this.options.sessionTimeoutMs)
      return `expired ${sinceRequestMs} ms after its last request, before its timeout`;
    const latestMs = this.options.sessionTimeoutMs + this.server.tickMs + EXPIRY_SLACK_MS;
    if (afterMs > latestMs) this.late = `${session} expired ${afterMs} ms after its zkCli stopped, over ${latestMs}`;
    return null;
  }

  /** The lock nodes (not the fillers), lowest sequence first: the first holds. */
  private async lockNodes(): Promise<string[]> {
    return lockNodesIn(await this.observer.run(`ls ${ZOOKEEPER_LOCK_PATH}`));
  }

  async close(): Promise<void> {
    await Promise.all([this.observer, ...this.shells.values()].map((shell) => shell.close()));
  }
}

function isZookeeper(entry: TraceEntry): entry is SqlEntry {
  return entry.kind === 'sql' && statementTarget(entry.statement.kind) === 'consensus';
}

function sequenceIn(out: string): number | null {
  const match = /Created \S+?(\d{10})$/m.exec(out);
  return match ? Number(match[1]) : null;
}

function sequenceOf(node: string): number | null {
  const match = /(\d{10})$/.exec(node);
  return match ? Number(match[1]) : null;
}

function lockNodesIn(out: string): string[] {
  const list = /^\[(.*)\]$/m.exec(out)?.[1] ?? '';
  return list
    .split(', ')
    .filter((node) => node.includes('-lock-'))
    .sort((a, b) => (sequenceOf(a) ?? 0) - (sequenceOf(b) ?? 0));
}
