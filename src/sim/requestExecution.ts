/**
 * The database side of every replica request (docs/model.md §5.2, §6): runs the statements at the
 * instant the request arrives, records grants, tokens and writes, and hands the reply back to
 * the replica (at once, or into its inbox when it is paused; dropped when it has crashed since).
 */
import type { ReplicaEvent, ReplicaRequest } from '../machines/replicaMachine';
import type { AgendaItem } from './agenda';
import { fenceJob } from './database';
import { jobOf } from './jobs/registry';
import { acquire, isHolder, release } from './lockRequests';
import type { PendingReply, RequestMessage } from './pendingReply';
import { type HeldReply, processAt, type ReplicaProcess } from './replicaProcess';
import { reachesNow } from './replyArrival';
import { RUN_DATE } from './runDate';
import { lockServiceOf } from './services/registry';
import type { Simulation } from './simulation';
import { zombieGranted } from './zombieTracker';

/** Runs the request at the database and delivers its reply (or leaves it owed, as data). */
export function executeRequest(sim: Simulation, process: ReplicaProcess, item: RequestMessage): void {
  const lock = sim.scenario.lock;
  const acquireOwed = lockServiceOf(lock).acquireOwed;
  if (item.request.kind === 'acquire' && acquireOwed) {
    // A blocking lock (etcd, ZooKeeper) answers now or when its wait ends.
    const pending: PendingReply = { request: item, arrivedMs: sim.nowMs };
    const reply = acquireOwed(sim, process, lock, pending);
    if (reply) answerRequest(sim, pending, reply);
    return;
  }
  if (item.request.kind === 'load') {
    // The job's LOAD may be owed (the outbox's FOR UPDATE claim waits on row locks).
    const pending: PendingReply = { request: item, arrivedMs: sim.nowMs };
    const record = sim.sqlRecorder(process, item.messageId);
    const reply = jobOf(sim.scenario.job.kind).load(sim, sim.jobState, process, pending, record);
    if (reply) answerRequest(sim, pending, reply);
    return;
  }
  deliverReply(sim, process, item, runAtDatabase(sim, process, item), sim.nowMs);
}

/**
 * Carries a reply that was owed (`PendingReply`: a lock wait, a claim's row wait) to the
 * replica that sent the request, as `executeRequest` would have carried it at arrival.
 */
export function answerRequest(sim: Simulation, pending: PendingReply, reply: ReplicaEvent): void {
  const item = pending.request;
  const process = processAt(sim, item.replica, 'reply');
  deliverReply(sim, process, item, reply, pending.arrivedMs);
}

/** Hands a reply to the replica: at once, into its inbox when paused, or nowhere after a crash. */
function deliverReply(
  sim: Simulation,
  process: ReplicaProcess,
  item: RequestMessage,
  reply: ReplicaEvent,
  arrivedMs: number,
): void {
  // A reply that came only after a wait reaches the replica now; one that came at arrival is
  // folded into the replica's instant of sending (see ARCHITECTURE.md).
  const instantMs = sim.nowMs > arrivedMs ? sim.nowMs : item.sentInstantMs + item.extraMs;
  const held: HeldReply = { kind: 'reply', request: item.request, messageId: item.messageId, reply };
  if (!reachesNow(process, item.incarnation, held)) return;
  handleReply(sim, process, item.request, item.messageId, reply, instantMs);
}

/** A request lost in a partition: after the timeout the replica hears only that it failed. */
export function requestTimedOut(
  sim: Simulation,
  process: ReplicaProcess,
  item: Extract<AgendaItem, { kind: 'requestTimeout' }>,
): void {
  const timeout = { kind: 'timeout', messageId: item.messageId, request: item.request.kind } as const;
  if (!reachesNow(process, item.incarnation, timeout)) return;
  process.instantMs = sim.nowMs;
  timedOut(sim, process, timeout);
}

/** The replica hears its request timed out (at once, or on resume from its inbox). */
export function timedOut(
  sim: Simulation,
  process: ReplicaProcess,
  held: Extract<HeldReply, { kind: 'timeout' }>,
): void {
  sim.log(process.id, { kind: 'timeout', messageId: held.messageId, request: held.request });
  sim.sendToActor(process, { type: 'REQUEST_FAILED' });
}

/** A reply held in the inbox during a pause reaches the replica on resume, at the resume's instant. */
export function heldReplyArrives(
  sim: Simulation,
  process: ReplicaProcess,
  held: Extract<HeldReply, { kind: 'reply' }>,
): void {
  handleReply(sim, process, held.request, held.messageId, held.reply, sim.nowMs, true);
}

function handleReply(
  sim: Simulation,
  process: ReplicaProcess,
  request: ReplicaRequest,
  messageId: number,
  reply: ReplicaEvent,
  instantMs: number,
  buffered = false,
): void {
  process.instantMs = instantMs;
  // A reply is seen at the instant its statement ran; only one held by a pause is news.
  if (buffered) sim.log(process.id, { kind: 'reply', messageId, request: request.kind, buffered });
  const lock = sim.scenario.lock;
  if (reply.type === 'GRANTED' || reply.type === 'DENIED') lockServiceOf(lock).answerHeard(sim, process, reply, lock);
  if (reply.type === 'GRANTED') {
    process.grantId = sim.rowGrantId;
    if (process.run) sim.changeRun(process, { token: reply.token });
    if (sim.rowGrantId !== null) zombieGranted(sim.zombies, process.index, sim.rowGrantId, sim.nowMs);
  } else if (reply.type === 'TOKEN' && process.run) {
    sim.changeRun(process, { token: reply.token });
  }
  sim.sendToActor(process, reply);
  if (reply.type === 'GRANTED' && process.grantId !== null && process.proc === 'up') {
    lockServiceOf(lock).granted(sim, process, lock);
  }
}

function runAtDatabase(sim: Simulation, process: ReplicaProcess, item: RequestMessage): ReplicaEvent {
  const request = item.request;
  const record = sim.sqlRecorder(process, item.messageId);
  const lock = sim.scenario.lock;
  const dbNowMs = sim.dbClock.wallAt(sim.nowMs);
  // The clock a lock statement reads: the database's, or the replica's (ShedLock without usingDbTime()).
  const lockNowMs = lockServiceOf(lock).readsReplicaClock(lock)
    ? sim.replicaClock(process).wallAt(item.sentInstantMs)
    : dbNowMs;
  switch (request.kind) {
    case 'dueCheck':
      record({ kind: 'dueCheck', runDate: RUN_DATE }, sim.db.runDone ? 1 : 0, sim.db.runDone ? 'done' : 'notDone');
      return { type: 'DUE_REPLY', done: sim.db.runDone };
    case 'acquire':
      return acquire(sim, process, lockNowMs, record);
    case 'fence': {
      const ok = fenceJob(sim.db, request.token, record);
      if (ok) sim.log('db', { kind: 'fence', lastToken: sim.db.jobLastToken });
      return { type: 'FENCE_REPLY', ok };
    }
    case 'load':
      throw new Error('a LOAD runs through the job (executeRequest)');
    case 'mintToken':
      return mintToken(sim, process, record);
    case 'holderCheck':
      return { type: 'HOLDER_REPLY', holder: isHolder(sim, process, lockNowMs, record) };
    case 'write':
      return { type: 'WRITE_REPLY', result: recordWrite(sim, process, item, request) };
    case 'markDone':
      jobOf(sim.scenario.job.kind).markDone(sim, sim.jobState, process, record);
      return { type: 'MARKED' };
    case 'release':
      return release(sim, process, lockNowMs, record);
  }
}

function mintToken(
  sim: Simulation,
  process: ReplicaProcess,
  record: ReturnType<Simulation['sqlRecorder']>,
): ReplicaEvent {
  sim.db.tokenSequence += 1;
  const token = sim.db.tokenSequence;
  record({ kind: 'mintToken' }, 1, 'minted');
  sim.log('db', { kind: 'tokenMinted', replica: process.id, token });
  const grant = process.grantId === null ? undefined : sim.grants[process.grantId];
  if (grant && grant.token === null) {
    sim.changeGrant(grant, { token, tokenMs: sim.nowMs });
  }
  return { type: 'TOKEN', token };
}

function recordWrite(
  sim: Simulation,
  process: ReplicaProcess,
  item: RequestMessage,
  request: Extract<ReplicaRequest, { kind: 'write' }>,
): 'accepted' | 'stale' | 'duplicate' {
  const record = sim.sqlRecorder(process, item.messageId);
  const result = jobOf(sim.scenario.job.kind).write(
    sim,
    sim.jobState,
    process,
    request.itemIndex,
    request.token,
    record,
  );
  const stock = sim.scenario.job.items[request.itemIndex];
  if (!stock) throw new Error(`write of unknown item ${request.itemIndex}`);
  const writeId = sim.writes.length;
  sim.writes.push({
    writeId,
    replica: process.id,
    runId: process.run?.runId ?? -1,
    messageId: item.messageId,
    order: stock.order,
    amountCents: stock.amountCents,
    token: request.token,
    sentMs: item.sentInstantMs,
    atMs: sim.nowMs,
    result,
  });
  sim.log('db', { kind: 'write', writeId });
  if (result === 'accepted') {
    sim.appliedAtMs[request.itemIndex]?.push(sim.nowMs);
    checkAcceptedToken(sim, process, request.token);
    if (sim.scenario.storage.fencing === 'job') sim.log('db', { kind: 'fence', lastToken: sim.db.jobLastToken });
  }
  return result;
}

/** I4: an accepted token lower than one accepted before it. */
function checkAcceptedToken(sim: Simulation, process: ReplicaProcess, token: number | null): void {
  if (token === null) return;
  const highest = sim.highestAcceptedToken;
  if (highest !== null && token < highest) {
    sim.violations.push({
      invariant: 'I4',
      atMs: sim.nowMs,
      message: { key: 'tokenWentDown', replica: process.id, token, highest },
    });
  }
  sim.highestAcceptedToken = highest === null ? token : Math.max(highest, token);
}
