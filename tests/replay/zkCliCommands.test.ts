/**
 * The ZooKeeper commands the app shows are real zkCli.sh lines: every ZooKeeper night's
 * requests (zookeeperNights.ts), as the app renders them (`renderSql`), are pasted in the
 * trace's order into Debian's zkCli.sh against a fresh standalone ZooKeeper, one zkCli per
 * session (ZkCliShell), and what ZooKeeper answers must be what the simulator recorded: the
 * sequence number of the ephemeral sequential node (the token), who holds (the lowest lock
 * node) exactly when the simulator granted, deletes that delete or find nothing, a woken
 * waiter's own node found or not, pings answered only while the session lives, an ended
 * session's node gone.
 *
 * No night time passes here: a session the trace says the server expired is closed (its own
 * zkCli's `close`, which deletes its ephemeral nodes as an expiry does) just before its line
 * runs. The sequence numbers are ZooKeeper's own: the lock's node is made afresh and filled
 * with persistent `filler-` nodes up to `storage.lastToken`, so the night's first lock node is
 * numbered `lastToken + 1` as in the simulator. Keep-alives that repeat a session's last one
 * are run once a second of real time at most, as the etcd test does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZookeeperServer, type ZookeeperServer } from '../../src/lab/zookeeperServer';
import { ZOOKEEPER_LOCK_PATH, zookeeperNodePrefix } from '../../src/sim/consensusCommand';
import { renderSql, statementTarget } from '../../src/sim/sqlStatement';
import type { TraceEntry } from '../../src/sim/trace';
import { ZkCliShell } from './zkCliShell';
import { zookeeperNights } from './zookeeperNights';

const KEEP_ALIVE_EVERY_MS = 1000;
/** Long enough that no session of ours times out on a busy machine while it is pasted. */
const SESSION_TIMEOUT_MS = 30_000;
const nights = zookeeperNights();

let server: ZookeeperServer | null = null;
let lines = 0;

beforeAll(async () => {
  server = await startZookeeperServer({ maxSessionTimeoutMs: 60_000 });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

type SqlEntry = Extract<TraceEntry, { kind: 'sql' }>;

describe("the app's ZooKeeper commands, run through the real zkCli.sh", () => {
  for (const night of nights) {
    it(`${night.id}: every line runs and ZooKeeper answers as the simulator did`, async () => {
      if (server === null) throw new Error('no ZooKeeper');
      const paste = new NightPaste(server);
      try {
        await paste.freshLock(night.scenario.storage.lastToken);
        const problems = await paste.night(night.trace.entries);
        expect(problems).toEqual([]);
      } finally {
        await paste.close();
      }
    }, 300_000);
  }

  it('ran lines of every ZooKeeper night', () => {
    console.info(`${lines} zkCli lines of ${nights.length} ZooKeeper nights answered as the simulator said`);
    expect(nights.length).toBeGreaterThanOrEqual(3);
    expect(lines).toBeGreaterThan(0);
  });
});

/** One night pasted: an observer's zkCli for the looks, and one zkCli per session. */
class NightPaste {
  private readonly observer: ZkCliShell;
  private readonly shells = new Map<string, ZkCliShell>();
  private readonly closed = new Set<string>();
  private readonly keptAliveAt = new Map<string, number>();

  constructor(private readonly server: ZookeeperServer) {
    this.observer = this.newShell();
  }

  private newShell(): ZkCliShell {
    return new ZkCliShell(this.server.binaries.zkCli, this.server.connectString, SESSION_TIMEOUT_MS);
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

  async night(entries: readonly TraceEntry[]): Promise<string[]> {
    const problems: string[] = [];
    for (const entry of entries) {
      if (entry.kind !== 'sql' || statementTarget(entry.statement.kind) !== 'consensus') continue;
      if (this.skipRepeatedKeepAlive(entry)) continue;
      const line = renderSql(entry.statement);
      const problem = await this.pasteLine(entry, line);
      lines += 1;
      if (problem !== null) problems.push(`${entry.statement.kind} ${line}: ${problem}`);
    }
    return problems;
  }

  private skipRepeatedKeepAlive(entry: SqlEntry): boolean {
    const statement = entry.statement;
    if (statement.kind !== 'consensusKeepAlive' || entry.note !== 'extended') return false;
    const last = this.keptAliveAt.get(statement.session);
    if (last !== undefined && performance.now() - last < KEEP_ALIVE_EVERY_MS) return true;
    this.keptAliveAt.set(statement.session, performance.now());
    return false;
  }

  /** Runs the line where a learner would and says what ZooKeeper answered that the simulator did not, or null. */
  private async pasteLine(entry: SqlEntry, line: string): Promise<string | null> {
    const statement = entry.statement;
    if (!('session' in statement)) return 'not a session statement';
    const session = statement.session;
    // A session's own lines go to its own zkCli while it lives; the looks at the lock, and a
    // release naming a node of a session already ended, to the observer's.
    const own = this.closed.has(session) ? this.observer : this.shellOf(session);
    switch (statement.kind) {
      case 'consensusCreate': {
        const out = await own.run(line);
        const sequence = sequenceIn(out);
        if (sequence !== statement.number) return `sequence ${sequence} (${out}), simulator ${statement.number}`;
        const lowest = (await this.lockNodes())[0] ?? '';
        const holds = lowest.startsWith(zookeeperNodePrefix(session).split('/').at(-1) ?? '');
        return holds === (entry.note === 'granted') ? null : `lowest node ${lowest}, simulator ${entry.note}`;
      }
      case 'consensusDelete': {
        const out = await own.run(line);
        if (statement.number === null) return entry.rows === 0 ? null : `no node to delete, simulator ${entry.rows}`;
        const deleted = /Node does not exist/.test(out) ? 0 : 1;
        return deleted === entry.rows ? null : `deleted ${deleted} (${out}), simulator ${entry.rows}`;
      }
      case 'consensusRecheck': {
        const out = await own.run(line);
        const found = /Node does not exist/.test(out) ? 0 : /cZxid/.test(out) ? 1 : -1;
        return found === entry.rows ? null : `found ${found} (${out}), simulator ${entry.rows}`;
      }
      case 'consensusKeepAlive': {
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

  /** The server's expiry, done here as a close; an operator's close is the line itself. */
  private async endSession(session: string, revoked: boolean, line: string): Promise<string | null> {
    const shell = this.shellOf(session);
    if (revoked) await shell.run(line);
    else await shell.run('close');
    this.closed.add(session);
    const prefix = zookeeperNodePrefix(session).split('/').at(-1) ?? '';
    const left = (revoked ? await this.lockNodes() : lockNodesIn(await this.observer.run(line))).filter((node) =>
      node.startsWith(prefix),
    );
    return left.length === 0 ? null : `the ended session's nodes are still there: ${left.join(', ')}`;
  }

  /** The lock nodes (not the fillers), lowest sequence first: the first holds. */
  private async lockNodes(): Promise<string[]> {
    return lockNodesIn(await this.observer.run(`ls ${ZOOKEEPER_LOCK_PATH}`));
  }

  async close(): Promise<void> {
    await Promise.all([this.observer, ...this.shells.values()].map((shell) => shell.close()));
  }
}

function sequenceIn(out: string): number | null {
  const match = /Created \S+?(\d{10})$/m.exec(out);
  return match ? Number(match[1]) : null;
}

function lockNodesIn(out: string): string[] {
  const list = /^\[(.*)\]$/m.exec(out)?.[1] ?? '';
  return list
    .split(', ')
    .filter((node) => node.includes('-lock-'))
    .sort((a, b) => Number(a.slice(-10)) - Number(b.slice(-10)));
}
