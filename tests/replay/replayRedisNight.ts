/**
 * Replays one simulated night's Redis commands on a real redis-server, in trace order, and
 * compares every answer with the simulator's: each command's text exactly as the app shows it
 * (`renderSql`), split into words and sent as it is, one client connection per database
 * session the trace names (`A#0`), the operator's on a connection of its own.
 *
 * Time: a night lasts hours and its lock's TTL minutes, so the replay does not sleep. Redis
 * keeps a key's deadline as an absolute time (PEXPIRETIME) and expires it once its clock is
 * past it (`now > when`, as the simulator does); the replay makes the night's time pass by
 * moving the lock key's deadline back by the Redis clock time that passed in the night
 * between two commands (PEXPIREAT), so that Redis's own expiry and PTTL arithmetic decide
 * what is left. A clock jump on `redis` is the same move, by the jump: Redis's real clock
 * cannot be jumped, but a deadline `J` closer is what a clock `J` ahead compares against.
 * The real time the replay itself takes between two commands is taken off that move, so
 * Redis's deadline stays where the night's is; what is left (one command's round trip, up to
 * hundreds of ms on a busy machine) is within TTL_TOLERANCE_MS, far below the seconds that
 * separate a night's expiry from the commands around it.
 *
 * Checked: SET NX's reply (OK or nil), the token the SET+INCR script returns, GET's value
 * (present, and the holder's own), the compare-and-delete script's and DEL's result, and PTTL
 * after each command against the deadline the simulator's Redis lane states for the node
 * serving then.
 *
 * Failover (S10): on a night with a replica the nodes are two real servers (redisReplayNodes.ts);
 * from the first command whose write the simulator's replica would not have received before the
 * primary's death (its time plus the replication lag is past the death), the replica's writes are
 * held; at the death the primary is killed (SIGKILL), at the promotion the replica is promoted
 * (`REPLICAOF NO ONE`), and its key and INCR counter are compared with the simulator's replica,
 * so the lost key is lost for real; every client then talks to the promoted replica. While no
 * primary serves, a command the simulator found no Redis for is checked to be refused.
 */
import { createClient } from 'redis';
import type { ResolvedScenario } from '../../src/model/resolvedScenario';
import type { RedisNodeView, ServiceChange } from '../../src/sim/serviceHistory';
import { renderSql, statementTarget } from '../../src/sim/sqlStatement';
import type { Trace, TraceEntry } from '../../src/sim/trace';
import type { ReplayNodes } from './redisReplayNodes';

export interface RedisMismatch {
  readonly atMs: number;
  readonly session: string;
  readonly command: string;
  readonly problem: string;
}

export interface RedisReplayResult {
  /** Redis commands sent, and answers compared (PTTL checks not counted). */
  readonly commands: number;
  /** PTTL readings compared with the simulator's stated deadline. */
  readonly ttlChecks: number;
  /** Promotions at which the promoted replica's key and counter were compared with the simulator's replica. */
  readonly failoverChecks: number;
  readonly mismatches: readonly RedisMismatch[];
}

/** How far a real PTTL may be from the simulator's: the replay's own real milliseconds. */
export const TTL_TOLERANCE_MS = 1000;
const LOCK_KEY = 'lock:nightly-reconciliation';
const TOKEN_KEY = 'lock:token';
const OPERATOR = 'operator';

type Client = ReturnType<typeof createClient>;
type SqlEntry = Extract<TraceEntry, { kind: 'sql' }>;

/** `EVAL "script" 2 k1 k2 ...` into words: a double-quoted word keeps its spaces. */
export function commandWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|(\S+)/g)) words.push(match[1] ?? match[2] ?? '');
  return words;
}

export async function replayRedisNight(
  nodes: ReplayNodes,
  scenario: ResolvedScenario,
  trace: Trace,
): Promise<RedisReplayResult> {
  const clients = new Map<string, Client>();
  const mismatches: RedisMismatch[] = [];
  let commands = 0;
  let ttlChecks = 0;
  let failoverChecks = 0;
  const connect = async (name: string): Promise<Client> => {
    const existing = clients.get(name);
    if (existing) return existing;
    const client = createClient({ url: nodes.servingUrl(), name });
    client.on('error', () => undefined);
    await client.connect();
    clients.set(name, client);
    return client;
  };
  /** Every session's connection, on the node serving now: a connect inside the night would be real time unaccounted for. */
  const connectAll = async (): Promise<Client> => {
    for (const client of clients.values()) client.destroy();
    clients.clear();
    for (const entry of trace.entries) {
      if (entry.kind === 'sql' && entry.session !== null && statementTarget(entry.statement.kind) === 'redis') {
        await connect(entry.session);
      }
    }
    return connect(OPERATOR);
  };
  let operator = await connectAll();
  await operator.flushAll();
  // The INCR counter starts where the night's storage says the last token was.
  await operator.set(TOKEN_KEY, String(scenario.storage.lastToken));

  const failover = failoverPlan(scenario, trace);
  const servingLane = trace.services.filter(
    (change): change is ServiceChange & { view: RedisNodeView } =>
      change.view.kind === 'redis' && (change.view.node === 'primary' || change.view.promoted),
  );
  let jumpedMs = 0;
  let lastWallMs: number | null = null;
  let lastSentMs = 0;
  /** Night time passed on the primary while the replica's writes were held: the replica's key owes it. */
  let heldPassedMs = 0;
  let primaryDown = false;
  /** Each replica's value on the key for its latest grant (its client's `value`). */
  const ownValue = new Map<string, string>();
  /** Each granted value's deadline on Redis's clock, as the simulator's grant states it. */
  const deadlines = new Map<string, number>();

  try {
    for (let index = 0; index < trace.entries.length; index++) {
      const entry = trace.entries[index] as TraceEntry;
      if (entry.kind === 'clockJump' && entry.node === 'redis') jumpedMs += entry.byMs;
      if (entry.kind === 'redisNode') {
        const fail = (problem: string) =>
          mismatches.push({ atMs: entry.atMs, session: OPERATOR, command: entry.state, problem });
        if (!nodes.hasReplica) {
          fail('a failover without a replica (the primary restarted empty) is not replayed');
          break;
        }
        if (entry.state === 'primaryDown') {
          // Whatever the simulator shipped before the death has reached the replica; nothing after.
          await nodes.holdReplication();
          await nodes.killPrimary();
          primaryDown = true;
          continue;
        }
        await nodes.promoteReplica();
        primaryDown = false;
        const replica = await nodes.replicaClient();
        await passTime(replica, heldPassedMs);
        const problems = await compareNode(replica, replicaViewAt(trace, entry.atMs));
        failoverChecks += 1;
        for (const problem of problems) fail(problem);
        operator = await connectAll();
        continue;
      }
      if (entry.kind !== 'sql' || statementTarget(entry.statement.kind) !== 'redis') continue;
      const text = renderSql(entry.statement);
      const session = entry.session ?? OPERATOR;
      const fail = (problem: string) => mismatches.push({ atMs: entry.atMs, session, command: text, problem });
      // The first command whose write the replica would not have received before the primary dies.
      if (failover !== null && entry.atMs + failover.lagMs > failover.downAtMs) await nodes.holdReplication();
      if (entry.statement.kind === 'redisUnavailable') {
        commands += 1;
        const problem = primaryDown
          ? await refusedAt(nodes.primaryUrl)
          : 'the simulator found no Redis primary while one serves';
        if (problem !== null) fail(problem);
        continue;
      }
      // The night's Redis clock: true time plus the jumps so far (docs/model.md: Redis's own clock has no skew).
      const wallMs = entry.atMs + jumpedMs;
      const client = await connect(session);
      // The night's time since the last command, less the real time the replay took meanwhile
      // (Redis's clock moved by that much already): a busy machine's hundreds of ms vanish.
      if (lastWallMs !== null) {
        const passedMs = wallMs - lastWallMs - (Date.now() - lastSentMs);
        await passTime(operator, passedMs);
        if (failover !== null && nodes.isHeld()) heldPassedMs += passedMs;
      }
      lastWallMs = wallMs;
      lastSentMs = Date.now();
      const reply = await client.sendCommand(commandWords(text));
      commands += 1;
      const problem = compareReply(entry, reply, trace.entries, index, wallMs, ownValue);
      const grant = entry.statement.kind === 'redisSet' ? grantAfter(trace.entries, index, entry.replica) : null;
      if (grant?.untilClockMs != null && entry.statement.kind === 'redisSet') {
        deadlines.set(entry.statement.value, grant.untilClockMs);
      }
      if (problem !== null) fail(problem);

      const stated = statedRemainingMs(servingLane, entry.atMs, wallMs, deadlines);
      const pttl = Number(await operator.pTTL(LOCK_KEY));
      ttlChecks += 1;
      if (stated === null ? pttl !== -2 : Math.abs(pttl - stated) > TTL_TOLERANCE_MS) {
        fail(
          `PTTL ${pttl} ms on Redis, the simulator's primary says ${stated === null ? 'no key (-2)' : `${stated} ms left`}`,
        );
      }
    }
  } finally {
    for (const client of clients.values()) client.destroy();
    nodes.close();
  }
  return { commands, ttlChecks, failoverChecks, mismatches };
}

/** When the night's primary dies and how far behind its replica is; null for a night without failover. */
function failoverPlan(scenario: ResolvedScenario, trace: Trace): { downAtMs: number; lagMs: number } | null {
  const down = trace.entries.find((entry) => entry.kind === 'redisNode' && entry.state === 'primaryDown');
  if (down === undefined || scenario.lock.kind !== 'redis' || scenario.lock.replica === null) return null;
  // invariant (redisStore.ts): a write is shipped at its time + lag, and the death ships what is due by then.
  return { downAtMs: down.atMs, lagMs: scenario.lock.replica.lagMs };
}

/** The simulator's view of the replica at `atMs` (its last change by then). */
function replicaViewAt(trace: Trace, atMs: number): RedisNodeView | null {
  let view: RedisNodeView | null = null;
  for (const change of trace.services) {
    if (change.atMs > atMs) break;
    if (change.view.kind === 'redis' && change.view.node === 'replica') view = change.view;
  }
  return view;
}

/** The promoted replica's key and counter against the simulator's replica: the lost writes are lost on both. */
async function compareNode(replica: Client, view: RedisNodeView | null): Promise<string[]> {
  if (view === null) return ['the simulator has no replica to promote'];
  const problems: string[] = [];
  const value = await replica.get(LOCK_KEY);
  if (value !== view.value) {
    problems.push(`the promoted replica holds the key ${show(value)}, the simulator's ${show(view.value)}`);
  }
  // No counter key at all is a counter of 0 to INCR (and a mismatch here).
  const counter = Number((await replica.get(TOKEN_KEY)) ?? 0);
  if (counter !== view.counter) {
    problems.push(`the promoted replica's INCR counter is ${counter}, the simulator's ${view.counter}`);
  }
  return problems;
}

/** A client of the dead primary is refused, as the simulator's `redisUnavailable` says; null when it is. */
async function refusedAt(url: string): Promise<string | null> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    client.destroy();
    return 'the dead primary still answers';
  } catch {
    return null;
  }
}

/** The night's time passes on Redis: the lock key's deadline comes `elapsedMs` closer. */
async function passTime(operator: Client, elapsedMs: number): Promise<void> {
  if (elapsedMs === 0) return;
  const deadlineMs = Number(await operator.pExpireTime(LOCK_KEY));
  // -2: no key (released, or already expired); -1 would be a key without a TTL, never set here.
  if (deadlineMs < 0) return;
  // A deadline in the past deletes the key at once, as Redis would on its next look.
  await operator.pExpireAt(LOCK_KEY, deadlineMs - elapsedMs);
}

function compareReply(
  entry: SqlEntry,
  reply: unknown,
  entries: readonly TraceEntry[],
  index: number,
  wallMs: number,
  ownValue: Map<string, string>,
): string | null {
  const statement = entry.statement;
  const granted = entry.note === 'granted';
  switch (statement.kind) {
    case 'redisSet': {
      if (granted && entry.replica !== null) ownValue.set(entry.replica, statement.value);
      const grant = granted ? grantAfter(entries, index, entry.replica) : null;
      if (granted && grant === null) return 'the simulator granted but recorded no grant';
      if (grant !== null && grant.untilClockMs !== wallMs + statement.ttlMs) {
        return `the replay's Redis clock (${wallMs}) is not the simulator's (grant until ${grant.untilClockMs})`;
      }
      if (!statement.incr)
        return (reply === 'OK') === granted ? null : `replied ${show(reply)}, simulator ${entry.note}`;
      if (!granted) return reply === null ? null : `replied ${show(reply)}, simulator denied`;
      return reply === grant?.token ? null : `replied token ${show(reply)}, simulator granted token ${grant?.token}`;
    }
    case 'redisGet': {
      const value = typeof reply === 'string' ? reply : null;
      if ((value !== null) !== (entry.rows === 1))
        return `GET replied ${show(reply)}, simulator saw ${entry.rows} key(s)`;
      const holder = value !== null && entry.replica !== null && value === ownValue.get(entry.replica);
      return holder === (entry.note === 'holder') ? null : `GET replied ${show(reply)}, simulator says ${entry.note}`;
    }
    case 'redisDel': {
      const deleted = reply === 1;
      if (reply !== null && reply !== 0 && reply !== 1) return `replied ${show(reply)}, expected 1, 0 or nil`;
      return deleted === (entry.rows === 1) ? null : `replied ${show(reply)}, simulator deleted ${entry.rows}`;
    }
    default:
      return `no comparison for ${statement.kind}`;
  }
}

/** The grant the simulator recorded for this SET (the next `grant` entry of that replica). */
function grantAfter(entries: readonly TraceEntry[], index: number, replica: string | null) {
  for (let next = index + 1; next < entries.length; next++) {
    const entry = entries[next] as TraceEntry;
    if (entry.kind === 'grant' && entry.replica === replica) return entry;
    if (entry.kind === 'sql' && entry.statement.kind === 'redisSet') return null;
  }
  return null;
}

/**
 * What the simulator says is left of the primary's key at `atMs`, on Redis's clock (`wallMs`),
 * or null for no key: the lane says which value the primary holds, its grant says its deadline
 * on Redis's clock. (The lane's own `expireAtMs` is in true time, with the night's later clock
 * jumps already in it: Redis at that instant does not know its clock will jump.)
 */
function statedRemainingMs(
  lane: readonly { atMs: number; view: RedisNodeView }[],
  atMs: number,
  wallMs: number,
  deadlines: ReadonlyMap<string, number>,
): number | null {
  let view: RedisNodeView | null = null;
  for (const change of lane) {
    if (change.atMs > atMs) break;
    view = change.view;
  }
  const deadlineMs = view?.value == null ? undefined : deadlines.get(view.value);
  if (deadlineMs === undefined) return null;
  // invariant (redisStore.ts): a key lives while the clock is not past its deadline.
  return deadlineMs >= wallMs ? deadlineMs - wallMs : null;
}

function show(reply: unknown): string {
  return reply === null ? 'nil' : JSON.stringify(reply);
}
