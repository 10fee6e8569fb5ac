/**
 * ShedLock's `KeepAliveLockProvider` on the holder (F7): every `lockAtMostFor/2` it extends the
 * lock by `lockAtMostFor`; when an extension fails or comes too late it logs, stops extending
 * and the task keeps running (`onLockLost` decides what the replica does about it). A paused
 * process runs its overdue tick on resume; a starved renewer runs it when the span ends
 * (`keepAliveTimer.ts`).
 *
 * The runs follow a fixed-rate grid on the replica's monotonic clock: ShedLock schedules them
 * with `scheduleAtFixedRate`, whose next run is due one period after the previous run's
 * *scheduled* time (`ScheduledFutureTask.setNextRunTime`: `time += period`), not after the
 * late run itself. A late run does not shift the grid; a run that is already due when the
 * previous one ends (its extend statement answered) starts at once, as the executor runs
 * overdue runs back to back.
 */
import type { ReplicaEvent } from '../../../machines/replicaMachine';
import type { ShedlockConfig } from '../../../model/resolvedScenario';
import { lockRowView } from '../../database';
import type { GrantLog } from '../../grantLog';
import type { ReplicaProcess } from '../../replicaProcess';
import { reachesNow } from '../../replyArrival';
import { serviceDataOf } from '../../serviceData';
import type { Simulation } from '../../simulation';
import {
  type KeepAliveClient,
  type KeepAliveContext,
  type KeepAliveProcess,
  type KeepAliveRequest,
  scheduleKeepAliveTick,
  sendKeepAlive,
} from '../keepAliveTimer';
import { extendLock } from './shedlockProvider';

/** What ShedLock (its row and its KeepAlive) touches of the simulation. */
export type ShedlockContext = GrantLog &
  KeepAliveContext &
  Pick<Simulation, 'db' | 'dbClock' | 'changeGrant' | 'sqlRecorder' | 'replicaClock' | 'replicaConfig'> & {
    readonly processes: readonly ShedlockProcess[];
    sendToActor(process: ShedlockProcess, event: ReplicaEvent): void;
  };

/** What ShedLock knows of a replica's process: its host, its clock, its row cache and its KeepAlive. */
export type ShedlockProcess = KeepAliveProcess & Pick<ReplicaProcess, 'session' | 'sessionEpoch' | 'inbox' | 'grantId'>;

/** ShedLock's client on a process (`lockClient`): its row cache, its remembered `locked_at`, its KeepAlive. */
export interface ShedlockClient extends KeepAliveClient {
  readonly kind: 'shedlock';
  /** ShedLock caches "the row exists" per process: the first acquire is an upsert. */
  rowSeen: boolean;
  /** App-time `locked_at` the holder remembers (for unlock's `lockAtLeastFor`). */
  createdLocalMs: number;
  /**
   * The KeepAlive grid: the scheduled time, on this replica's monotonic clock, of the run that
   * is due next (or running). Advances by one period per run, late or not.
   */
  keepAliveDueMonotonicMs: number;
  /** KeepAlive's remembered `lockAtMostUntil` on this replica's wall clock. */
  keepAliveUntilLocalMs: number;
}

export function newShedlockClient(): ShedlockClient {
  return {
    kind: 'shedlock',
    rowSeen: false,
    createdLocalMs: 0,
    keepAliveGeneration: 0,
    keepAliveDueMonotonicMs: 0,
    keepAliveUntilLocalMs: 0,
  };
}

/** The process's ShedLock client. */
export function shedlockClientOf(process: Pick<ReplicaProcess, 'lockClient'>): ShedlockClient {
  return serviceDataOf<ShedlockClient>(process.lockClient, 'shedlock', 'a ShedLock process without its client');
}

/** How an extend went, as the holder hears it (held in its inbox while it is paused). */
export interface ExtendAnswer {
  readonly kind: 'extendAnswer';
  readonly messageId: number;
  readonly generation: number;
  /** The request was lost in a partition: the client timed out. */
  readonly lost: boolean;
  readonly extended: boolean;
}

/** Starts the keep-alive for a fresh grant at the process's current instant. */
export function startKeepAlive(sim: ShedlockContext, process: ShedlockProcess, config: ShedlockConfig): void {
  if (!config.keepAlive) return;
  const client = shedlockClientOf(process);
  client.keepAliveGeneration += 1;
  client.keepAliveUntilLocalMs = sim.replicaClock(process).wallAt(process.instantMs) + config.lockAtMostForMs;
  // The first run is one period after the provider handed out the lock.
  client.keepAliveDueMonotonicMs = sim.replicaClock(process).monotonicAt(process.instantMs) + extensionPeriodMs(config);
  scheduleDueRun(sim, process);
}

/** `lockAtMostFor.dividedBy(2).toMillis()`: whole milliseconds, rounded down. */
function extensionPeriodMs(config: ShedlockConfig): number {
  return Math.floor(config.lockAtMostForMs / 2);
}

/** Schedules the run due at `keepAliveDueMonotonicMs`, or now if that time has passed. */
function scheduleDueRun(sim: ShedlockContext, process: ShedlockProcess): void {
  const dueMonotonicMs = shedlockClientOf(process).keepAliveDueMonotonicMs;
  const dueMs = sim.replicaClock(process).trueTimeWhenMonotonicReaches(dueMonotonicMs, process.instantMs);
  scheduleKeepAliveTick(sim, process, Math.max(sim.nowMs, dueMs));
}

/** One keep-alive iteration at the process's instant. */
export function keepAliveTick(sim: ShedlockContext, process: ShedlockProcess, config: ShedlockConfig): void {
  if (process.grantId === null || !config.keepAlive) return;
  if (shedlockClientOf(process).keepAliveUntilLocalMs < sim.replicaClock(process).wallAt(process.instantMs)) {
    // Too late: the lock may already belong to someone else; ShedLock only logs and stops.
    lost(sim, process, 'stopped');
    return;
  }
  sendKeepAlive(sim, process);
}

/** The extend statement reaches the database (or times out). */
export function keepAliveAtDb(
  sim: ShedlockContext,
  process: ShedlockProcess,
  config: ShedlockConfig,
  item: KeepAliveRequest,
): void {
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
  const answer: ExtendAnswer = {
    kind: 'extendAnswer',
    messageId: item.messageId,
    generation: item.generation,
    lost: item.lost,
    extended,
  };
  if (!reachesNow(process, item.incarnation, { kind: 'service', payload: answer })) return;
  process.instantMs = item.sentInstantMs;
  extendAnswered(sim, process, config, answer);
}

/** The holder hears how its extend went (at once, or on resume from its inbox). */
export function extendAnswered(
  sim: ShedlockContext,
  process: ShedlockProcess,
  config: ShedlockConfig,
  answer: ExtendAnswer,
): void {
  if (answer.lost) sim.log(process.id, { kind: 'timeout', messageId: answer.messageId, request: 'extend' });
  const client = shedlockClientOf(process);
  if (answer.generation !== client.keepAliveGeneration) return;
  if (!answer.extended) {
    lost(sim, process, 'lost');
    return;
  }
  sim.log(process.id, { kind: 'keepAlive', outcome: 'extended' });
  client.keepAliveUntilLocalMs = sim.replicaClock(process).wallAt(process.instantMs) + config.lockAtMostForMs;
  // Fixed rate: one period after this run's scheduled time, however late the run was.
  client.keepAliveDueMonotonicMs += extensionPeriodMs(config);
  scheduleDueRun(sim, process);
}

function lost(sim: ShedlockContext, process: ShedlockProcess, outcome: 'lost' | 'stopped'): void {
  sim.log(process.id, { kind: 'keepAlive', outcome });
  shedlockClientOf(process).keepAliveGeneration += 1;
  sim.sendToActor(process, { type: 'LOCK_LOST' });
}
