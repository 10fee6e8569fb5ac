/**
 * Replays one simulated night's etcd requests on a real etcd, in trace order, and compares
 * every answer with the simulator's. Each request is the one etcd's own client
 * (`client/v3/concurrency` 3.4.23) sends for the step the trace records, through etcd's JSON
 * gateway (etcdGateway.ts), one client per replica session:
 *
 * - the session's lease (`LeaseGrant`, with an ID the replay picks so keys are named alike
 *   every run; the Mutex's key is the prefix and that ID in hex);
 * - the acquire (Mutex.tryAcquire's transaction: put the own key on the lease if it has none,
 *   and read the owner, the first key by create revision): the create revision must be the
 *   simulator's token, and the key must own the lock exactly when the simulator granted;
 * - a waiter (`queued`): what it sees after each delete is waitDeletes' look (any key left with
 *   a lower create revision?); it must wake exactly when the simulator wakes it, then re-check
 *   its own key where the night's client does (`consensusRecheck`), and a woken grant must
 *   carry its create revision;
 * - each keep-alive (`LeaseKeepAlive`: kept, or the lease is gone), each release (`DeleteRange`
 *   of the own key: deleted or not), an operator's revoke;
 * - a server-side expiry: nothing is sent; the replay lets etcd expire the lease on its own
 *   clock (etcdNightTime.ts: real time runs, scaled, only through each lapse) and goes on only
 *   once etcd has; it must not have expired it before its TTL was up.
 *
 * After every instant of the night the keys under the prefix (session and create revision,
 * oldest first: who holds and who waits) are compared with the simulator's keys lane.
 * Revisions: a fresh etcd is at revision 1; the replay writes a filler key until it is at the
 * night's `storage.lastToken`, so the simulator's numbers are etcd's own.
 */
import type { ResolvedScenario } from '../../src/model/resolvedScenario';
import { CONSENSUS_PREFIX } from '../../src/sim/consensusCommand';
import type { ConsensusKeyView, ServiceChange } from '../../src/sim/serviceHistory';
import { serverSessionTtlMs } from '../../src/sim/services/consensus/consensusLock';
import { renderSql, type SqlStatement, statementTarget } from '../../src/sim/sqlStatement';
import type { Trace, TraceEntry } from '../../src/sim/trace';
import { EtcdGateway } from './etcdGateway';
import { dueRealMs, type Lapse, lapsesOf } from './etcdNightTime';

export interface EtcdMismatch {
  readonly atMs: number;
  readonly session: string;
  readonly command: string;
  readonly problem: string;
}

export interface EtcdReplayResult {
  /** etcd requests the trace records, sent and their answers compared. */
  readonly requests: number;
  /** Comparisons of the keys under the prefix with the simulator's lane. */
  readonly keyChecks: number;
  /** Each server-side expiry: how long after its last refresh etcd had expired the lease, in real ms. */
  readonly expiries: readonly { readonly session: string; readonly afterMs: number }[];
  readonly mismatches: readonly EtcdMismatch[];
  /** Set when the replay fell behind its own timing (a busy machine): the attempt says nothing. */
  readonly late: string | null;
}

/** Requests before an expiry are sent by this much before the lapsing lease's TTL is up. */
export const GUARD_MS = 500;
const POLL_EVERY_MS = 25;
/** How long past its TTL etcd may take to expire a lease (it looks every 500 ms), on a busy machine. */
const EXPIRY_WAIT_MS = 30_000;
const FILLER_KEY = '/leaseline/revision-filler';
const FIRST_LEASE_ID = 0x1000;

type Consensus = Extract<SqlStatement, { kind: `consensus${string}` }>;
type SqlEntry = Extract<TraceEntry, { kind: 'sql' }> & { readonly statement: Consensus };

interface Session {
  readonly name: string;
  readonly replica: string;
  readonly leaseId: number;
  readonly key: string;
  /** The session's own client: its replica's requests go through it alone. */
  readonly client: EtcdGateway;
  /** Real time (performance.now) the lease was last granted or kept alive. */
  refreshedAt: number;
  /** Night time the simulator's server last refreshed it (its deadline is a session TTL later). */
  refreshedAtMs: number;
  /** The simulator's session still lives (not expired, revoked or found gone). */
  alive: boolean;
}

interface Waiter {
  readonly session: Session;
  /** The real create revision of its key. */
  readonly revision: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One night's replay state: the real etcd, the sessions and waiters, what was compared. */
class EtcdNight {
  /** The operator's and the replay's own client (filling revisions, the looks it compares). */
  readonly etcd: EtcdGateway;
  readonly sessions = new Map<string, Session>();
  readonly waiters = new Map<string, Waiter>();
  /** A grant the trace must record next for this replica, with this token. */
  readonly grantsDue = new Map<string, number>();
  readonly mismatches: EtcdMismatch[] = [];
  readonly expiries: { session: string; afterMs: number }[] = [];
  requests = 0;
  keyChecks = 0;
  offset = 0;
  late: string | null = null;
  private nextLeaseId = FIRST_LEASE_ID;

  constructor(
    readonly url: string,
    readonly realTtlMs: number,
    readonly sessionTtlMs: number,
  ) {
    this.etcd = new EtcdGateway(url);
  }

  fail(entry: { atMs: number }, session: string, command: string, problem: string): void {
    this.mismatches.push({ atMs: entry.atMs, session, command, problem });
  }

  /** The session's lease must still be alive at etcd when the night is at `atMs`. */
  livesAt(session: Session, atMs: number): boolean {
    return session.alive && atMs < session.refreshedAtMs + this.sessionTtlMs;
  }

  newSession(name: string, replica: string, atMs: number): Session {
    const leaseId = this.nextLeaseId++;
    const session: Session = {
      name,
      replica,
      leaseId,
      key: `${CONSENSUS_PREFIX}${leaseId.toString(16)}`,
      client: new EtcdGateway(this.url),
      refreshedAt: performance.now(),
      refreshedAtMs: atMs,
      alive: true,
    };
    this.sessions.set(name, session);
    return session;
  }

  sessionOfLease(leaseId: number): string {
    for (const session of this.sessions.values()) if (session.leaseId === leaseId) return session.name;
    return `lease ${leaseId.toString(16)}`;
  }
}

export interface EtcdReplayOptions {
  /** The replay's lease TTL, whole seconds: the night's lapses run at this over the session TTL. */
  readonly realTtlSeconds: number;
  /** Called before each request is sent (a test stalls here to be a busy machine). */
  readonly beforeRequest?: (atMs: number) => Promise<void>;
}

export async function replayEtcdNight(
  url: string,
  scenario: ResolvedScenario,
  trace: Trace,
  options: EtcdReplayOptions,
): Promise<EtcdReplayResult> {
  const realTtlSeconds = options.realTtlSeconds;
  if (scenario.lock.kind !== 'etcd') throw new Error(`not an etcd night: ${scenario.lock.kind}`);
  // The TTL etcd grants for the night's session, which the simulator's server uses too.
  const sessionTtlMs = serverSessionTtlMs(scenario.lock);
  const night = new EtcdNight(url, realTtlSeconds * 1000, sessionTtlMs);
  const scale = night.realTtlMs / sessionTtlMs;
  // The night's revision where the simulator starts counting.
  let revision = await night.etcd.revision();
  while (revision < scenario.storage.lastToken) revision = await night.etcd.put(FILLER_KEY, String(revision));
  night.offset = revision - scenario.storage.lastToken;

  const entries = trace.entries;
  const expiries = entries.filter(
    (entry) => isEtcd(entry) && entry.statement.kind === 'consensusSessionExpired' && !entry.statement.revoked,
  );
  const lapses = lapsesOf(
    expiries.map((entry) => entry.atMs),
    sessionTtlMs,
  );
  const keysLane = trace.services.filter((change) => change.view.kind === 'keys');
  const startedAt = performance.now();
  const nightStartMs = entries[0]?.atMs ?? 0;
  for (let index = 0; index < entries.length && night.late === null; index++) {
    const entry = entries[index] as TraceEntry;
    if (entry.kind === 'process' && entry.state === 'down') dropWaitersOf(night, entry.node);
    if (entry.kind === 'grant') checkDueGrant(night, entry);
    if (!isEtcd(entry)) continue;
    await options.beforeRequest?.(entry.atMs);
    await pace(night, startedAt + dueRealMs(lapses, nightStartMs, entry.atMs, scale), entry, lapses, scale);
    if (night.late !== null) break;
    await replayRequest(night, entry, entries, index);
    const next = entries.slice(index + 1).find(isEtcd);
    if (next === undefined || next.atMs !== entry.atMs) await compareKeys(night, entry, keysLane);
  }
  return {
    requests: night.requests,
    keyChecks: night.keyChecks,
    expiries: night.expiries,
    mismatches: night.mismatches,
    late: night.late,
  };
}

function isEtcd(entry: TraceEntry): entry is SqlEntry {
  return entry.kind === 'sql' && statementTarget(entry.statement.kind) === 'consensus';
}

/**
 * Waits until the request is due, but sends it a guard before a lapsing lease's TTL is up;
 * marks the replay late when a lease the night keeps alive (or has not yet expired) is already
 * older than that, which only a machine too busy for this pace causes.
 */
async function pace(night: EtcdNight, dueAt: number, entry: SqlEntry, lapses: readonly Lapse[], scale: number) {
  const expiring = entry.statement.kind === 'consensusSessionExpired' && !entry.statement.revoked;
  let sendAt = dueAt;
  if (!expiring) {
    for (const session of night.sessions.values()) {
      if (night.livesAt(session, entry.atMs))
        sendAt = Math.min(sendAt, session.refreshedAt + night.realTtlMs - GUARD_MS);
    }
  }
  const waitMs = sendAt - performance.now();
  if (waitMs > 0) await sleep(waitMs);
  if (expiring) return;
  const now = performance.now();
  for (const session of night.sessions.values()) {
    const ageMs = now - session.refreshedAt;
    if (night.livesAt(session, entry.atMs) && ageMs > night.realTtlMs - GUARD_MS / 2) {
      night.late = `at ${entry.atMs} the lease of ${session.name} was ${Math.round(ageMs)} ms old of ${night.realTtlMs} (scale ${scale}, ${lapses.length} lapses)`;
    }
  }
}

function dropWaitersOf(night: EtcdNight, replica: string): void {
  // A crashed process's Mutex is gone with it; its key stays until its lease expires.
  for (const [name, waiter] of night.waiters) if (waiter.session.replica === replica) night.waiters.delete(name);
}

function checkDueGrant(night: EtcdNight, entry: Extract<TraceEntry, { kind: 'grant' }>): void {
  const due = night.grantsDue.get(entry.replica);
  if (due === undefined) return;
  night.grantsDue.delete(entry.replica);
  if (entry.token !== due) {
    night.fail(entry, entry.replica, 'grant', `the simulator's token is ${entry.token}, etcd's create revision ${due}`);
  }
}

async function replayRequest(night: EtcdNight, entry: SqlEntry, entries: readonly TraceEntry[], index: number) {
  const statement = entry.statement;
  const command = renderSql(statement);
  const name = statement.session;
  const fail = (problem: string) => night.fail(entry, name, command, problem);
  if (statement.kind === 'consensusLeaseGrant') {
    night.requests += 1;
    const session = night.newSession(name, entry.replica ?? '?', entry.atMs);
    const ttl = await session.client.leaseGrant(session.leaseId, night.realTtlMs / 1000);
    if (ttl !== night.realTtlMs / 1000) fail(`etcd granted a TTL of ${ttl} s for ${night.realTtlMs / 1000} s`);
    return;
  }
  const session = night.sessions.get(name);
  if (session === undefined) return fail(`no lease was granted for session ${name} before this`);
  switch (statement.kind) {
    case 'consensusCreate':
      return acquire(night, entry, session, statement.number, fail);
    case 'consensusKeepAlive': {
      night.requests += 1;
      const sentAt = performance.now();
      const kept = (await session.client.leaseKeepAlive(session.leaseId)) > 0;
      if (kept) {
        session.refreshedAt = sentAt;
        session.refreshedAtMs = entry.atMs;
      } else {
        session.alive = false;
      }
      if (kept !== (entry.rows === 1))
        fail(`etcd ${kept ? 'kept the lease' : 'no longer has the lease'}, the simulator says ${entry.note}`);
      return;
    }
    case 'consensusDelete': {
      night.requests += 1;
      const deleted = await session.client.delete(session.key);
      if (deleted !== entry.rows) fail(`etcd deleted ${deleted} key(s), the simulator ${entry.rows}`);
      return wakeWaiters(night, entry, entries, index);
    }
    case 'consensusRecheck': {
      night.requests += 1;
      const found = (await session.client.get(session.key)) !== null ? 1 : 0;
      if (found !== entry.rows) fail(`etcd has ${found} own key, the simulator ${entry.rows}`);
      // ErrSessionExpired: no grant follows.
      if (found === 0) night.grantsDue.delete(session.replica);
      return;
    }
    case 'consensusSessionExpired':
      session.alive = false;
      if (statement.revoked) {
        night.requests += 1;
        // The operator's request, on a client of its own.
        await night.etcd.leaseRevoke(session.leaseId);
      } else {
        await untilExpired(night, session, fail);
      }
      return wakeWaiters(night, entry, entries, index);
  }
}

async function acquire(
  night: EtcdNight,
  entry: SqlEntry,
  session: Session,
  number: number,
  fail: (problem: string) => void,
) {
  night.requests += 1;
  const answer = await session.client.mutexTryAcquire(CONSENSUS_PREFIX, session.key, session.leaseId);
  const own = answer.succeeded ? answer.revision : (answer.ranges[0]?.[0]?.createRevision ?? 0);
  const owner = answer.ranges[answer.succeeded ? 0 : 1]?.[0];
  const token = own - night.offset;
  if (token !== number) fail(`etcd's create revision is ${own} (token ${token}), the simulator's ${number}`);
  const holds = owner?.createRevision === own;
  if (holds !== (entry.note === 'granted')) {
    fail(`etcd's owner is ${owner ? night.sessionOfLease(owner.lease) : 'nobody'}, the simulator says ${entry.note}`);
  }
  if (holds) night.grantsDue.set(session.replica, token);
  else night.waiters.set(session.name, { session, revision: own });
}

/** Waits for etcd to expire the lease itself; it must not have before its TTL was up. */
async function untilExpired(night: EtcdNight, session: Session, fail: (problem: string) => void) {
  const deadline = session.refreshedAt + night.realTtlMs + EXPIRY_WAIT_MS;
  for (;;) {
    const ttl = await night.etcd.leaseTimeToLive(session.leaseId);
    const afterMs = performance.now() - session.refreshedAt;
    if (ttl === -1) {
      night.expiries.push({ session: session.name, afterMs: Math.round(afterMs) });
      // etcd counts from its own receipt of the last keep-alive, a little after we sent it.
      if (afterMs < night.realTtlMs - GUARD_MS)
        fail(`etcd expired it ${Math.round(afterMs)} ms after its last refresh, before its ${night.realTtlMs} ms TTL`);
      return;
    }
    if (performance.now() > deadline)
      return fail(`etcd had not expired it ${Math.round(afterMs)} ms after its last refresh`);
    await sleep(POLL_EVERY_MS);
  }
}

/**
 * After a delete: the waiters etcd wakes (waitDeletes finds no key with a lower create
 * revision) must be the ones the simulator wakes at this instant (a re-check or a grant follows).
 */
async function wakeWaiters(night: EtcdNight, entry: SqlEntry, entries: readonly TraceEntry[], index: number) {
  const wokenBySim = new Set<string>();
  for (const later of entries.slice(index + 1)) {
    if (later.atMs !== entry.atMs) break;
    if (isEtcd(later) && later.statement.kind === 'consensusRecheck') wokenBySim.add(later.statement.session);
    if (later.kind === 'grant') {
      for (const waiter of night.waiters.values())
        if (waiter.session.replica === later.replica) wokenBySim.add(waiter.session.name);
    }
  }
  for (const [name, waiter] of [...night.waiters]) {
    const lower = await waiter.session.client.lastCreatedUpTo(CONSENSUS_PREFIX, waiter.revision - 1);
    const woken = lower === null;
    if (woken !== wokenBySim.has(name)) {
      const sees = lower === null ? 'no lower key' : `${night.sessionOfLease(lower.lease)}'s key still there`;
      night.fail(
        entry,
        name,
        'waitDeletes',
        `the waiter sees ${sees}, the simulator ${wokenBySim.has(name) ? 'woke' : 'did not wake'} it`,
      );
    }
    if (!woken) continue;
    night.waiters.delete(name);
    night.grantsDue.set(waiter.session.replica, waiter.revision - night.offset);
  }
}

/** The keys under the prefix, oldest first, against the simulator's keys lane at this instant. */
async function compareKeys(night: EtcdNight, entry: SqlEntry, lane: readonly ServiceChange[]) {
  let view: readonly ConsensusKeyView[] = [];
  for (const change of lane) {
    if (change.atMs > entry.atMs) break;
    if (change.view.kind === 'keys') view = change.view.keys;
  }
  const real = (await night.etcd.keysByCreation(CONSENSUS_PREFIX)).map(
    (key) => `${night.sessionOfLease(key.lease)}@${key.createRevision - night.offset}`,
  );
  const simulated = view.map((key) => `${key.session}@${key.number}`);
  night.keyChecks += 1;
  if (real.join(' ') !== simulated.join(' ')) {
    night.fail(
      entry,
      'keys',
      'etcdctl get --prefix',
      `etcd holds [${real.join(' ')}], the simulator [${simulated.join(' ')}]`,
    );
  }
}
