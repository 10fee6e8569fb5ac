/**
 * The etcd / ZooKeeper lock (docs/model.md §5.5, F15-F17): each replica's key is bound to its
 * session; the key with the lowest create revision (etcd) or sequence number (ZooKeeper)
 * holds, and that number is the fencing token. Waiters block in `acquire` until every lower
 * key is gone; then, with `recheckAfterWait`, they check that their own key still exists
 * (`ErrSessionExpired` otherwise). etcd 3.4.3 skipped that check (F16): a waiter whose
 * session expired while it waited went on as holder. A session expires at the server when
 * no keep-alive came for `sessionTtl`; its keys go with it. Keep-alives run every
 * `sessionTtl/3` on the replica (not while paused), and a failed one tells the replica it
 * lost the lock (`onLockLost`).
 */

import type { ReplicaEvent } from '../../../machines/replicaMachine';
import { etcdGrantedTtlSeconds } from '../../../model/etcdLease';
import type { ConsensusConfig } from '../../../model/resolvedScenario';
import { EventClass } from '../../eventQueue';
import { type GrantLog, recordGrant } from '../../grantLog';
import type { PendingReply } from '../../pendingReply';
import type { ReplicaProcess } from '../../replicaProcess';
import { serviceDataOf } from '../../serviceData';
import type { Simulation } from '../../simulation';
import { NO_EXPIRY_MS } from '../advisory/advisoryProvider';
import {
  type KeepAliveClient,
  type KeepAliveContext,
  type KeepAliveProcess,
  scheduleKeepAliveTick,
} from '../keepAliveTimer';
import { type ConsensusKey, consensusOf, type Waiter } from './consensusStore';

/** What the etcd / ZooKeeper lock touches of the simulation (a test's fake context provides it). */
export type ConsensusContext = GrantLog &
  KeepAliveContext &
  Pick<Simulation, 'lockState' | 'changeGrant' | 'sqlRecorder' | 'db' | 'replicaClock'> & {
    readonly processes: readonly ConsensusProcess[];
    sendToActor(process: ConsensusProcess, event: ReplicaEvent): void;
  };

/** What the lock knows of a replica's process: its session, its clock, its keep-alive and its grant. */
export type ConsensusProcess = KeepAliveProcess &
  Pick<ReplicaProcess, 'id' | 'session' | 'sessionEpoch' | 'activity' | 'inbox'>;

/** The lock's client on a process (`lockClient`): its session's keep-alive and the grant it holds. */
export interface ConsensusClient extends KeepAliveClient {
  readonly kind: 'consensus';
  /** The grant this process holds, if any. */
  grantId: number | null;
  /**
   * The session its acquire created its key under, until it releases: the key its release
   * deletes (the Mutex's `myKey`), even once a failed keep-alive has given the process a new
   * session (S15: A's release after its pause names the key of A#0, long gone).
   */
  keySession: string | null;
  /** The sequence number / create revision of that key (ZooKeeper's release names its node by it). */
  keyNumber: number | null;
}

export function newConsensusClient(): ConsensusClient {
  return { kind: 'consensus', keepAliveGeneration: 0, grantId: null, keySession: null, keyNumber: null };
}

/** The process's etcd / ZooKeeper client. */
export function consensusClientOf(process: Pick<ReplicaProcess, 'lockClient'>): ConsensusClient {
  return serviceDataOf<ConsensusClient>(process.lockClient, 'consensus', 'a consensus process without its client');
}

/** The server's check of a session's deadline (it ends the session if no keep-alive came). */
export interface SessionExpiryCheck {
  readonly kind: 'consensusExpiry';
  readonly session: string;
}

/** An etcd / ZooKeeper waiter whose lower keys are gone, woken after the deleting statement. */
export interface WaiterWake {
  readonly kind: 'consensusWake';
  readonly waiter: Waiter;
}

/**
 * `acquire`: create the key; the grant when it is lowest, else null: the request waits, and
 * its reply (`reply`) comes when the waiter wakes (`wakeConsensusWaiter`).
 */
export function acquireConsensus(
  sim: ConsensusContext,
  process: ConsensusProcess,
  config: ConsensusConfig,
  reply: PendingReply,
): ReplicaEvent | null {
  const store = consensusOf(sim);
  openSession(sim, process, config);
  store.counter += 1;
  const key: ConsensusKey = { replica: process.id, session: process.session, number: store.counter };
  store.keys.push(key);
  consensusClientOf(process).keySession = key.session;
  consensusClientOf(process).keyNumber = key.number;
  const record = sim.sqlRecorder(process, null);
  const lowest = store.keys.every((other) => other.number >= key.number);
  record(
    { kind: 'consensusCreate', flavor: config.kind, session: key.session, number: key.number },
    1,
    lowest ? 'granted' : 'queued',
  );
  if (lowest) return grant(sim, process, key.number);
  store.waiters.push({
    replica: process.index,
    incarnation: reply.request.incarnation,
    ownNumber: key.number,
    session: key.session,
    reply,
  });
  return null;
}

function grant(sim: ConsensusContext, process: ConsensusProcess, token: number): ReplicaEvent {
  recordGrant(sim, process, { token, untilClockMs: NO_EXPIRY_MS, clockNode: 'db', expires: false });
  consensusClientOf(process).grantId = sim.rowGrantId;
  return { type: 'GRANTED', token };
}

/**
 * The session's TTL at the server: etcd's lease is whole seconds and at least 2 s
 * (`etcdGrantedTtlSeconds`), and its client keeps it alive every third of what was granted;
 * ZooKeeper's is the configured timeout.
 */
export function serverSessionTtlMs(config: ConsensusConfig): number {
  return config.kind === 'etcd' ? etcdGrantedTtlSeconds(config.sessionTtlMs) * 1000 : config.sessionTtlMs;
}

/** Opens the replica's session at the server if it has none, and starts its keep-alives. */
function openSession(sim: ConsensusContext, process: ConsensusProcess, config: ConsensusConfig): void {
  const store = consensusOf(sim);
  if (store.sessions[process.session] !== undefined) return;
  // etcd's session is a lease the client asks for; ZooKeeper's comes with the connection.
  if (config.kind === 'etcd') {
    const grantLease = { kind: 'consensusLeaseGrant', session: process.session, ttlMs: config.sessionTtlMs } as const;
    sim.sqlRecorder(process, null)(grantLease, 1, 'granted');
  }
  store.sessions[process.session] = sim.nowMs + serverSessionTtlMs(config);
  scheduleExpiryCheck(sim, process.session, sim.nowMs + serverSessionTtlMs(config));
  consensusClientOf(process).keepAliveGeneration += 1;
  scheduleConsensusKeepAlive(sim, process, config);
}

function scheduleExpiryCheck(sim: ConsensusContext, session: string, atMs: number): void {
  const check: SessionExpiryCheck = { kind: 'consensusExpiry', session };
  sim.schedule(Math.max(sim.nowMs, atMs), EventClass.environment, -1, { kind: 'service', payload: check });
}

/** The session's next keep-alive, `sessionTtl/3` after the process's instant on its monotonic clock. */
export function scheduleConsensusKeepAlive(
  sim: ConsensusContext,
  process: ConsensusProcess,
  config: ConsensusConfig,
): void {
  const dueMono = sim.replicaClock(process).monotonicAt(process.instantMs) + Math.floor(serverSessionTtlMs(config) / 3);
  const atMs = Math.max(sim.nowMs, sim.replicaClock(process).trueTimeWhenMonotonicReaches(dueMono, process.instantMs));
  scheduleKeepAliveTick(sim, process, atMs);
}

/** A keep-alive reaches the server: refreshes a live session; a dead one is news to the replica. */
export function consensusKeepAliveAtServer(sim: ConsensusContext, config: ConsensusConfig, session: string): boolean {
  const store = consensusOf(sim);
  const deadline = store.sessions[session];
  if (deadline === undefined || deadline <= sim.nowMs) return false;
  store.sessions[session] = sim.nowMs + serverSessionTtlMs(config);
  scheduleExpiryCheck(sim, session, sim.nowMs + serverSessionTtlMs(config));
  return true;
}

/** The server's expiry check: a session past its deadline ends and its keys are deleted. */
export function consensusExpiry(
  sim: ConsensusContext,
  config: ConsensusConfig,
  session: string,
  revoked = false,
): void {
  const store = consensusOf(sim);
  const deadline = store.sessions[session];
  if (deadline === undefined || deadline > sim.nowMs) return;
  store.sessions[session] = undefined;
  const ended = { kind: 'consensusSessionExpired', flavor: config.kind, session, revoked } as const;
  sim.sqlRecorder(null, null)(ended, 1, 'expired');
  deleteKeys(sim, config, (key) => key.session === session, 'expired');
  // A ZooKeeper client that already gave the session up (a ping timed out in a partition) hears
  // the Expired event as soon as the server ends it: its waiter wakes now.
  const gaveUp = consensusOf(sim).waiters.some(
    (waiter) => waiter.session === session && sim.processes[waiter.replica]?.session !== session,
  );
  if (gaveUp) wakeExpiredSessionWaiters(sim, config, session);
}

/** An operator revokes a session: it ends at once, keys and all. */
export function revokeSession(sim: ConsensusContext, config: ConsensusConfig, session: string): void {
  const store = consensusOf(sim);
  store.sessions[session] = sim.nowMs;
  consensusExpiry(sim, config, session, true);
}

/** `release`: delete the replica's own key (if its session still has one). */
export function releaseConsensus(sim: ConsensusContext, process: ConsensusProcess, config: ConsensusConfig): void {
  const store = consensusOf(sim);
  const client = consensusClientOf(process);
  const keySession = client.keySession ?? process.session;
  const mine = store.keys.some((key) => key.session === keySession);
  sim.sqlRecorder(process, null)(
    { kind: 'consensusDelete', flavor: config.kind, session: keySession, number: client.keyNumber },
    mine ? 1 : 0,
    mine ? 'released' : 'noop',
  );
  deleteKeys(sim, config, (key) => key.session === keySession, 'released');
  client.keySession = null;
  client.keyNumber = null;
  const grant = client.grantId === null ? undefined : sim.grants[client.grantId];
  if (grant && grant.endMs === null) {
    sim.changeGrant(grant, { endMs: sim.nowMs, endReason: 'released' });
  }
  client.grantId = null;
}

function deleteKeys(
  sim: ConsensusContext,
  config: ConsensusConfig,
  which: (key: ConsensusKey) => boolean,
  reason: 'released' | 'expired',
): void {
  const store = consensusOf(sim);
  const gone = store.keys.filter(which);
  if (gone.length === 0) return;
  store.keys = store.keys.filter((key) => !which(key));
  // etcd's revision counts deletes too; a ZooKeeper sequence counts only creates.
  if (config.kind === 'etcd') store.counter += gone.length;
  for (const key of gone) {
    const grantOfKey = [...sim.grants].reverse().find((g) => g.replica === key.replica && g.token === key.number);
    if (grantOfKey && grantOfKey.endMs === null) {
      sim.changeGrant(grantOfKey, { endMs: sim.nowMs, endReason: reason === 'expired' ? 'sessionEnded' : 'released' });
    }
  }
  wakeWaiters(sim, config);
}

/**
 * Waiters with no lower key left wake up; with the re-check, one whose key is gone fails.
 * An etcd watch is the client's, not its lease's: a waiter whose session expired still wakes
 * when the lower keys go (F16). A ZooKeeper watch belongs to its session and ends with it
 * (the server forgets it; the client hears only that its session expired): such a waiter
 * wakes when its client hears that instead (`wakeExpiredSessionWaiters`).
 */
function wakeWaiters(sim: ConsensusContext, config: ConsensusConfig): void {
  const store = consensusOf(sim);
  const still: Waiter[] = [];
  const woken: Waiter[] = [];
  for (const waiter of store.waiters) {
    const lowerLeft = store.keys.some((key) => key.number < waiter.ownNumber);
    const watchGone = config.kind === 'zookeeper' && store.sessions[waiter.session] === undefined;
    (lowerLeft || watchGone ? still : woken).push(waiter);
  }
  store.waiters = still;
  for (const waiter of woken) scheduleWake(sim, waiter);
}

function scheduleWake(sim: ConsensusContext, waiter: Waiter): void {
  // The watch fires after the statement that deleted the key has been answered.
  const wake: WaiterWake = { kind: 'consensusWake', waiter };
  sim.schedule(sim.nowMs, EventClass.delivery, waiter.replica, { kind: 'service', payload: wake });
}

/**
 * A ZooKeeper client hears its session expired (a ping refused once it runs again): every
 * watch of the session gets the Expired event, so a waiter of that session wakes now, its
 * predecessor deleted or not, and (with the re-check) finds its own node gone. An etcd waiter
 * is not woken by its lease's loss: it waits on for the lower keys (`wakeWaiters`).
 */
export function wakeExpiredSessionWaiters(sim: ConsensusContext, config: ConsensusConfig, session: string): void {
  const store = consensusOf(sim);
  // A ping lost in a partition is not an expiry: the session, and its watch, may live on.
  if (config.kind !== 'zookeeper' || store.sessions[session] !== undefined) return;
  const woken = store.waiters.filter((waiter) => waiter.session === session);
  store.waiters = store.waiters.filter((waiter) => waiter.session !== session);
  for (const waiter of woken) scheduleWake(sim, waiter);
}

/**
 * A woken waiter (the `consensusWake` step): its reply, for `answerRequest` to carry to
 * `waiter.reply`'s replica, or null when the process that waited is gone.
 */
export function wakeConsensusWaiter(
  sim: ConsensusContext,
  config: ConsensusConfig,
  waiter: Waiter,
): ReplicaEvent | null {
  const store = consensusOf(sim);
  const process = sim.processes[waiter.replica];
  if (!process) return null;
  if (process.incarnation !== waiter.incarnation || process.proc === 'down') return null;
  const ownKeyLives = store.keys.some((key) => key.number === waiter.ownNumber);
  if (config.recheckAfterWait) {
    // The Mutex gets its own key: gone means ErrSessionExpired (etcd 3.4.3 never asked, F16).
    const recheck = {
      kind: 'consensusRecheck',
      flavor: config.kind,
      session: waiter.session,
      number: waiter.ownNumber,
    } as const;
    sim.sqlRecorder(process, null)(recheck, ownKeyLives ? 1 : 0, ownKeyLives ? 'holder' : 'notHolder');
    if (!ownKeyLives) return { type: 'DENIED' };
  }
  return grant(sim, process, waiter.ownNumber);
}
