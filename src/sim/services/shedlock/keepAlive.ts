/**
 * ShedLock's `KeepAliveLockProvider` on the holder (F7): every `lockAtMostFor/2` it extends the
 * lock by `lockAtMostFor`; when an extension fails or comes too late it logs, stops extending
 * and the task keeps running (`onLockLost` decides what the replica does about it). A paused
 * process runs its overdue tick on resume; a starved renewer runs it when the span ends.
 *
 * The runs follow a fixed-rate grid on the replica's monotonic clock: ShedLock schedules them
 * with `scheduleAtFixedRate`, whose next run is due one period after the previous run's
 * *scheduled* time (`ScheduledFutureTask.setNextRunTime`: `time += period`), not after the
 * late run itself. A late run does not shift the grid; a run that is already due when the
 * previous one ends (its extend statement answered) starts at once, as the executor runs
 * overdue runs back to back.
 */

import type { ShedlockConfig } from '../../../model/resolvedScenario';
import { lockRowView } from '../../database';
import { type HeldReply, type ReplicaProcess, renewSession } from '../../replicaProcess';
import type { Simulation } from '../../simulation';
import { REQUEST_TIMEOUT_MS } from '../../simulation';
import { consensusKeepAliveAtServer, scheduleConsensusKeepAlive } from '../consensus/consensusLock';
import { extendLock } from './shedlockProvider';

/** Starts the keep-alive for a fresh grant at the process's current instant. */
export function startKeepAlive(sim: Simulation, process: ReplicaProcess): void {
  const config = sim.shedlock;
  if (!config?.keepAlive) return;
  process.keepAliveGeneration += 1;
  process.keepAliveUntilLocalMs = sim.replicaClock(process).wallAt(process.instantMs) + config.lockAtMostForMs;
  // The first run is one period after the provider handed out the lock.
  process.keepAliveDueMonotonicMs =
    sim.replicaClock(process).monotonicAt(process.instantMs) + extensionPeriodMs(config);
  scheduleDueRun(sim, process);
}

/** `lockAtMostFor.dividedBy(2).toMillis()`: whole milliseconds, rounded down. */
function extensionPeriodMs(config: ShedlockConfig): number {
  return Math.floor(config.lockAtMostForMs / 2);
}

/** Schedules the run due at `keepAliveDueMonotonicMs`, or now if that time has passed. */
function scheduleDueRun(sim: Simulation, process: ReplicaProcess): void {
  const dueMs = sim
    .replicaClock(process)
    .trueTimeWhenMonotonicReaches(process.keepAliveDueMonotonicMs, process.instantMs);
  const atMs = Math.max(sim.nowMs, dueMs);
  sim.schedule(atMs, 3, process.index, {
    kind: 'keepAliveTick',
    replica: process.index,
    generation: process.keepAliveGeneration,
  });
}

/** The tick timer fell due. */
export function keepAliveDue(sim: Simulation, process: ReplicaProcess, generation: number): void {
  if (generation !== process.keepAliveGeneration || process.proc === 'down') return;
  if (process.proc === 'paused') {
    if (!process.overdue.some((timer) => timer.kind === 'keepAlive'))
      process.overdue.push({ kind: 'keepAlive', dueMs: sim.nowMs });
    return;
  }
  const starved = sim.isStarved(process, sim.nowMs);
  if (starved) {
    sim.log(process.id, { kind: 'keepAlive', outcome: 'deferred' });
    sim.schedule(starved.toMs, 3, process.index, { kind: 'keepAliveTick', replica: process.index, generation });
    return;
  }
  process.instantMs = sim.nowMs;
  keepAliveTick(sim, process);
}

/** One keep-alive iteration at the process's instant. */
export function keepAliveTick(sim: Simulation, process: ReplicaProcess): void {
  const lock = sim.scenario.lock;
  if (lock.kind === 'etcd' || lock.kind === 'zookeeper') {
    sendKeepAlive(sim, process);
    return;
  }
  if (process.grantId === null || !sim.shedlock?.keepAlive) return;
  if (process.keepAliveUntilLocalMs < sim.replicaClock(process).wallAt(process.instantMs)) {
    // Too late: the lock may already belong to someone else; ShedLock only logs and stops.
    lost(sim, process, 'stopped');
    return;
  }
  sendKeepAlive(sim, process);
}

/** Sends one keep-alive (ShedLock's extend, or a consensus session's LeaseKeepAlive). */
function sendKeepAlive(sim: Simulation, process: ReplicaProcess): void {
  const messageId = sim.nextMessageId();
  const arriveMs = process.instantMs + process.latencyMs;
  const to = sim.serviceOf('extend');
  sim.log(process.id, { kind: 'send', messageId, request: 'extend', to, arriveMs });
  const lostInPartition = sim.isPartitioned(process, to, arriveMs);
  sim.schedule(lostInPartition ? process.instantMs + REQUEST_TIMEOUT_MS : arriveMs, 2, process.index, {
    kind: 'keepAliveRequest',
    replica: process.index,
    incarnation: process.incarnation,
    generation: process.keepAliveGeneration,
    messageId,
    sentInstantMs: process.instantMs,
    lost: lostInPartition,
  });
}

/** A consensus session's keep-alive reaches the server (or times out). */
function consensusKeepAliveArrived(
  sim: Simulation,
  process: ReplicaProcess,
  item: { incarnation: number; generation: number; messageId: number; sentInstantMs: number; lost: boolean },
): void {
  const lock = sim.scenario.lock;
  if ((lock.kind !== 'etcd' && lock.kind !== 'zookeeper') || process.incarnation !== item.incarnation) return;
  const alive = !item.lost && consensusKeepAliveAtServer(sim, lock, process.session);
  sim.sqlRecorder(process, item.messageId)(
    { kind: 'consensusKeepAlive', session: process.session },
    alive ? 1 : 0,
    alive ? 'extended' : 'lost',
  );
  const answer = {
    kind: 'consensusKeepAlive',
    messageId: item.messageId,
    generation: item.generation,
    lost: item.lost,
    alive,
  } as const;
  if (process.proc === 'down') return;
  if (process.proc === 'paused') {
    process.inbox.push(answer);
    return;
  }
  process.instantMs = item.sentInstantMs;
  sessionKeepAliveAnswered(sim, process, answer);
}

/** The replica hears how its session's keep-alive went (at once, or on resume from its inbox). */
export function sessionKeepAliveAnswered(
  sim: Simulation,
  process: ReplicaProcess,
  answer: Extract<HeldReply, { kind: 'consensusKeepAlive' }>,
): void {
  const lock = sim.scenario.lock;
  if (lock.kind !== 'etcd' && lock.kind !== 'zookeeper') return;
  if (answer.lost) sim.log(process.id, { kind: 'timeout', messageId: answer.messageId, request: 'extend' });
  if (answer.generation !== process.keepAliveGeneration) return;
  if (answer.alive) {
    scheduleConsensusKeepAlive(sim, process, lock);
    return;
  }
  // The session is gone (F17: LOST): the next acquire opens a new one.
  renewSession(process);
  if (process.activity === 'idle' || process.activity === 'dueCheck') {
    sim.log(process.id, { kind: 'keepAlive', outcome: 'lost' });
    process.keepAliveGeneration += 1;
    return;
  }
  lost(sim, process, 'lost');
}

/** The extend statement reaches the database. */
export function keepAliveAtDb(
  sim: Simulation,
  process: ReplicaProcess,
  item: { incarnation: number; generation: number; messageId: number; sentInstantMs: number; lost: boolean },
): void {
  const lock = sim.scenario.lock;
  if (lock.kind === 'etcd' || lock.kind === 'zookeeper') {
    consensusKeepAliveArrived(sim, process, item);
    return;
  }
  const config = sim.shedlock;
  if (!config) return;
  let extended = false;
  if (!item.lost) {
    const nowMs =
      config.time === 'db' ? sim.dbClock.wallAt(sim.nowMs) : sim.replicaClock(process).wallAt(item.sentInstantMs);
    extended = extendLock(
      sim.db,
      config,
      sim.replicaConfig(process).host,
      nowMs,
      sim.sqlRecorder(process, item.messageId),
    );
    const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
    if (extended && grant) sim.changeGrant(grant, { untilClockMs: sim.db.lockRow.lockUntilMs });
    if (extended) sim.log('db', { kind: 'lockRow', row: lockRowView(sim.db, config.token) });
  }
  const answer = {
    kind: 'keepAlive',
    messageId: item.messageId,
    generation: item.generation,
    lost: item.lost,
    extended,
  } as const;
  if (process.proc === 'down' || process.incarnation !== item.incarnation) return;
  if (process.proc === 'paused') {
    process.inbox.push(answer);
    return;
  }
  process.instantMs = item.sentInstantMs;
  extendAnswered(sim, process, answer);
}

/** The holder hears how its extend went (at once, or on resume from its inbox). */
export function extendAnswered(
  sim: Simulation,
  process: ReplicaProcess,
  answer: Extract<HeldReply, { kind: 'keepAlive' }>,
): void {
  const config = sim.shedlock;
  if (!config) return;
  if (answer.lost) sim.log(process.id, { kind: 'timeout', messageId: answer.messageId, request: 'extend' });
  if (answer.generation !== process.keepAliveGeneration) return;
  if (!answer.extended) {
    lost(sim, process, 'lost');
    return;
  }
  sim.log(process.id, { kind: 'keepAlive', outcome: 'extended' });
  process.keepAliveUntilLocalMs = sim.replicaClock(process).wallAt(process.instantMs) + config.lockAtMostForMs;
  // Fixed rate: one period after this run's scheduled time, however late the run was.
  process.keepAliveDueMonotonicMs += extensionPeriodMs(config);
  scheduleDueRun(sim, process);
}

function lost(sim: Simulation, process: ReplicaProcess, outcome: 'lost' | 'stopped'): void {
  sim.log(process.id, { kind: 'keepAlive', outcome });
  process.keepAliveGeneration += 1;
  sim.sendToActor(process, { type: 'LOCK_LOST' });
}
