/**
 * Process-level events and timers (DOMAIN.md §4 rows P, R, X, S, §3.2): resuming from a pause,
 * crashing, restarting, cron and poll instants, finished work, clock jumps, forced expiry and
 * "run now". Each handler runs at `sim.nowMs`.
 */

import { deliverHeld } from './heldReplies';
import { RELAY_ROLLBACK_MS, transactionOf } from './outboxRelay';
import type { ReplicaProcess } from './replicaProcess';
import { endSession, SESSION_DETECT_MS } from './services/advisory/advisoryProvider';
import { revokeSession } from './services/consensus/consensusLock';
import { electorTick, scheduleElectorTick } from './services/lease/leaseElector';
import { freshElector } from './services/lease/leaseRecord';
import { afterPromotion, forceExpireRedis } from './services/redis/redisLock';
import { keepAliveTick } from './services/shedlock/keepAlive';
import { forceExpireLock } from './services/shedlock/shedlockProvider';
import type { Simulation } from './simulation';

/** Resume (row R): overdue clock timers fire once each in due order, work continues, the inbox drains. */
export function resume(sim: Simulation, process: ReplicaProcess): void {
  if (process.proc !== 'paused' || process.pausedUntilMs !== sim.nowMs) return;
  process.proc = 'up';
  process.instantMs = sim.nowMs;
  sim.log(process.id, { kind: 'process', state: 'up', cause: 'resume' });
  const overdue = process.overdue.sort((a, b) => a.dueMs - b.dueMs);
  process.overdue = [];
  for (const timer of overdue) {
    if (process.proc !== 'up') return;
    process.instantMs = sim.nowMs;
    if (timer.kind === 'trigger') sim.fireTrigger(process, 'poll', process.clock.wallAt(timer.dueMs));
    else if (timer.kind === 'elector') electorTick(sim, process);
    else keepAliveTick(sim, process);
  }
  if (process.proc !== 'up') return;
  if (process.heldWrite) {
    const write = process.heldWrite;
    process.heldWrite = null;
    process.instantMs = sim.nowMs;
    sim.sendRequest(process, write);
  }
  if (process.workRemainingMs !== null) {
    const dueMs = sim.nowMs + process.workRemainingMs;
    process.workRemainingMs = null;
    process.workDueMs = dueMs;
    process.workGeneration += 1;
    sim.schedule(dueMs, 3, process.index, { kind: 'work', replica: process.index, generation: process.workGeneration });
  }
  const inbox = process.inbox;
  process.inbox = [];
  for (const held of inbox) {
    if (process.proc !== 'up') return;
    process.instantMs = sim.nowMs;
    deliverHeld(sim, process, held);
  }
}

/** Crash (row X) or exit after a lost lock: the run and the lock belief are gone. */
export function crash(sim: Simulation, process: ReplicaProcess, cause: 'crash' | 'exit'): void {
  if (process.proc === 'down') return;
  if (sim.outbox) {
    // The relay's open transaction rolls back once the database drops the dead connection.
    sim.schedule(sim.nowMs + RELAY_ROLLBACK_MS, 1, process.index, {
      kind: 'outboxRollback',
      transaction: transactionOf(process),
    });
    process.claimedRows = [];
  }
  process.proc = 'down';
  process.incarnation += 1;
  process.workGeneration += 1;
  process.workDueMs = null;
  process.workRemainingMs = null;
  process.overdue = [];
  process.inbox = [];
  process.heldWrite = null;
  process.keepAliveGeneration += 1;
  // The elector dies with the process; its term stays in the record until it expires.
  process.elector = freshElector(process.elector.generation + 1);
  process.leaseGrantId = null;
  if (process.run) {
    sim.changeRun(process, {
      endMs: sim.nowMs,
      outcome: cause === 'exit' ? 'aborted' : 'crashed',
      reason: cause === 'exit' ? 'lockLost' : 'crashed',
    });
    process.run = null;
  }
  sim.zombies.stoppedBelieving(process.index, sim.nowMs);
  process.grantId = null;
  process.stopActor();
  sim.log(process.id, { kind: 'process', state: 'down', cause });
  // The database learns of the dead connection only later (DOMAIN.md §4 row X).
  if (sim.scenario.lock.kind === 'advisory') {
    sim.schedule(sim.nowMs + SESSION_DETECT_MS, 1, process.index, {
      kind: 'sessionDeath',
      replica: process.index,
      session: process.session,
    });
  }
  process.sessionEpoch += 1;
}

/**
 * The server ends a session: killed by an operator (`killSession`, the process runs on and
 * reconnects on its next statement) or found dead after a crash. Its advisory lock goes.
 */
export function endReplicaSession(sim: Simulation, process: ReplicaProcess, session: string): void {
  if (session === process.session) process.sessionEpoch += 1;
  endDeadSession(sim, session);
}

function endDeadSession(sim: Simulation, session: string): void {
  const ended = endSession(sim.db, session, sim.sqlRecorder(null, null));
  const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
  if (ended && grant && grant.endMs === null) {
    sim.changeGrant(grant, { endMs: sim.nowMs, endReason: 'sessionEnded' });
  }
}

/** Restart (row S): a new process, idle, same hostname, ShedLock's row cache empty. */
export function restart(sim: Simulation, process: ReplicaProcess): void {
  if (process.proc !== 'down') {
    sim.log(process.id, { kind: 'note', text: { key: 'restartWhileUp' } });
    return;
  }
  process.proc = 'up';
  process.lockRowSeen = false;
  process.instantMs = sim.nowMs;
  sim.startActor(process);
  sim.log(process.id, { kind: 'process', state: 'up', cause: 'restart' });
  const lock = sim.scenario.lock;
  if (lock.kind === 'lease') scheduleElectorTick(sim, process, lock);
}

/** A cron or poll instant fell due on the replica's wall clock. */
export function triggerDue(sim: Simulation, process: ReplicaProcess, generation: number, dueWallMs: number): void {
  if (generation !== process.triggerGeneration) return;
  // Every instant up to the current wall reading counts as fired: missed polls fire once.
  process.lastTriggerWallMs = Math.max(process.lastTriggerWallMs, dueWallMs, process.clock.wallAt(sim.nowMs));
  const source = dueWallMs === process.config.triggerAtMs ? 'cron' : 'poll';
  if (process.proc === 'down') {
    sim.log(process.id, { kind: 'trigger', source, ignored: true, dueLocalMs: dueWallMs });
  } else if (process.proc === 'paused') {
    if (!process.overdue.some((timer) => timer.kind === 'trigger'))
      process.overdue.push({ kind: 'trigger', dueMs: sim.nowMs });
  } else {
    sim.fireTrigger(process, source, dueWallMs);
  }
  sim.scheduleNextTrigger(process);
}

/** A manual "run now" (`trigger` event). */
export function manualTrigger(sim: Simulation, process: ReplicaProcess): void {
  if (process.proc === 'down') {
    sim.log(process.id, { kind: 'note', text: { key: 'triggerWhileDown' } });
  } else if (process.proc === 'paused') {
    if (!process.overdue.some((timer) => timer.kind === 'trigger'))
      process.overdue.push({ kind: 'trigger', dueMs: sim.nowMs });
  } else {
    sim.fireTrigger(process, 'manual', process.clock.wallAt(sim.nowMs));
  }
}

/** A work step (load, compute, mark done) finished. */
export function workDone(sim: Simulation, process: ReplicaProcess, generation: number): void {
  if (generation !== process.workGeneration || process.proc !== 'up') return;
  process.workDueMs = null;
  process.instantMs = sim.nowMs;
  sim.sendToActor(process, { type: 'WORK_DONE' });
}

/** An operator forces the lock free (`expireLock`). */
export function expireLock(sim: Simulation): void {
  if (sim.scenario.lock.kind === 'advisory') {
    // An advisory lock has no expiry to force: the operator terminates the holder's session.
    const holder = sim.db.advisoryHolder;
    const process = sim.processes.find((candidate) => candidate.session === holder);
    // A dead process's session may still hold it; ending it needs no live process then.
    if (holder !== null && process) endReplicaSession(sim, process, holder);
    else if (holder !== null) endDeadSession(sim, holder);
    return;
  }
  if (sim.scenario.lock.kind === 'redis') {
    forceExpireRedis(sim);
    return;
  }
  if (sim.scenario.lock.kind === 'etcd' || sim.scenario.lock.kind === 'zookeeper') {
    // An operator revokes the holder's session lease: its key goes and the next waiter wakes.
    const holder = [...(sim.consensus?.keys ?? [])].sort((a, b) => a.number - b.number)[0];
    if (holder) revokeSession(sim, holder.session);
    return;
  }
  if (sim.scenario.lock.kind !== 'shedlock') return;
  const wasHeld = forceExpireLock(sim.db, sim.dbClock.wallAt(sim.nowMs), sim.sqlRecorder(null, null));
  const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
  if (wasHeld && grant && grant.endMs === null) {
    sim.changeGrant(grant, { endMs: sim.nowMs, endReason: 'forced' });
  }
  sim.log('db', { kind: 'lockRow', row: sim.db.lockRowView(sim.shedlock?.token ?? false) });
}

/** The Redis primary dies; the replica is promoted `promoteAfter` later (DOMAIN.md §5.4). */
export function redisFailover(sim: Simulation): void {
  const redis = sim.redis;
  const lock = sim.scenario.lock;
  if (!redis || lock.kind !== 'redis' || !redis.available) return;
  redis.failPrimary(sim.nowMs);
  sim.log('db', { kind: 'redisNode', state: 'primaryDown' });
  const promoteAfterMs = lock.replica?.promoteAfterMs ?? 0;
  sim.schedule(sim.nowMs + promoteAfterMs, 1, -1, { kind: 'redisPromote' });
}

export function redisPromote(sim: Simulation): void {
  const redis = sim.redis;
  if (!redis) return;
  // What the dead primary had: the key of the current grant, if it was still live.
  const current = sim.grants.at(-1);
  const keyBefore =
    current && current.endMs === null
      ? ([...sim.redisGrantByValue].find(([, id]) => id === current.grantId)?.[0] ?? null)
      : null;
  redis.promote(sim.nowMs);
  sim.log('db', { kind: 'redisNode', state: 'replicaPromoted' });
  afterPromotion(sim, keyBefore);
}
