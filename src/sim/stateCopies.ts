/**
 * Checkpoints of the simulation's parts whose state is all in public fields: the database, the
 * consensus store, a replica process (the job's state is plain data, copied whole). Here rather than as methods so that only the
 * code that re-simulates (the night worker's chunk) carries them. The parts with private state
 * (queue, Redis, zombie tracker, service history, decider, fault plan) save their own.
 */

import type { ReplicaActivity, ReplicaRequest } from '../machines/replicaMachine';
import type { Database, LockRow } from './database';
import type { DeciderCheckpoint } from './replicaDecider';
import type { HeldReply, OverdueTimer, ReplicaProcess } from './replicaProcess';
import type { ConsensusKey, ConsensusStore, Waiter } from './services/consensus/consensusStore';
import type { ElectorState } from './services/lease/leaseRecord';
import type { ProcState, RunRecord } from './trace';

/** Overwrites `target`'s values with `source`'s: the array keeps its identity. */
function copyInto<T>(target: T[], source: readonly T[]): void {
  for (let index = 0; index < source.length; index++) target[index] = source[index] as T;
  target.length = source.length;
}

export interface DatabaseCheckpoint {
  readonly lockRow: Readonly<LockRow>;
  readonly jobLastToken: number;
  readonly tokenSequence: number;
  readonly rowLastToken: readonly number[];
  readonly appliedCount: readonly number[];
  readonly balanceDeltaCents: readonly number[];
  readonly runDone: boolean;
  readonly advisoryHolder: string | null;
}

export function saveDatabase(db: Database): DatabaseCheckpoint {
  return {
    lockRow: { ...db.lockRow },
    jobLastToken: db.jobLastToken,
    tokenSequence: db.tokenSequence,
    rowLastToken: db.rowLastToken.slice(),
    appliedCount: db.appliedCount.slice(),
    balanceDeltaCents: db.balanceDeltaCents.slice(),
    runDone: db.runDone,
    advisoryHolder: db.advisoryHolder,
  };
}

export function restoreDatabase(db: Database, saved: DatabaseCheckpoint): void {
  Object.assign(db.lockRow, saved.lockRow);
  db.jobLastToken = saved.jobLastToken;
  db.tokenSequence = saved.tokenSequence;
  copyInto(db.rowLastToken, saved.rowLastToken);
  copyInto(db.appliedCount, saved.appliedCount);
  copyInto(db.balanceDeltaCents, saved.balanceDeltaCents);
  db.runDone = saved.runDone;
  db.advisoryHolder = saved.advisoryHolder;
}

/** Keys and waiters are immutable records: the arrays are copied, not the records. */
export interface ConsensusCheckpoint {
  readonly keys: readonly ConsensusKey[];
  readonly counter: number;
  readonly sessions: readonly (readonly [string, number])[];
  readonly waiters: readonly Waiter[];
}

export function saveConsensus(store: ConsensusStore): ConsensusCheckpoint {
  return {
    keys: store.keys.slice(),
    counter: store.counter,
    sessions: [...store.sessions],
    waiters: store.waiters.slice(),
  };
}

export function restoreConsensus(store: ConsensusStore, saved: ConsensusCheckpoint): void {
  store.keys = saved.keys.slice();
  store.counter = saved.counter;
  store.sessions.clear();
  for (const [session, deadlineMs] of saved.sessions) store.sessions.set(session, deadlineMs);
  store.waiters = saved.waiters.slice();
}

/** A process's state (held replies and records are immutable data, so they are kept as they are). */
export interface ProcessCheckpoint {
  readonly proc: ProcState;
  readonly decider: DeciderCheckpoint | null;
  readonly activity: ReplicaActivity;
  readonly incarnation: number;
  readonly instantMs: number;
  readonly workDueMs: number | null;
  readonly workGeneration: number;
  readonly workRemainingMs: number | null;
  readonly pausedUntilMs: number;
  readonly overdue: readonly OverdueTimer[];
  readonly inbox: readonly HeldReply[];
  readonly heldWrite: ReplicaRequest | null;
  readonly lastTriggerWallMs: number;
  readonly triggerGeneration: number;
  readonly sessionEpoch: number;
  readonly elector: Readonly<ElectorState>;
  readonly leaseGrantId: number | null;
  readonly consensusGrantId: number | null;
  readonly redisValue: string | null;
  readonly lockRowSeen: boolean;
  readonly grantId: number | null;
  readonly lockCreatedLocalMs: number;
  readonly keepAliveGeneration: number;
  readonly keepAliveDueMonotonicMs: number;
  readonly keepAliveUntilLocalMs: number;
  readonly run: RunRecord | null;
}

export function saveProcess(process: ReplicaProcess): ProcessCheckpoint {
  return {
    proc: process.proc,
    decider: process.decider?.checkpoint() ?? null,
    activity: process.activity,
    incarnation: process.incarnation,
    instantMs: process.instantMs,
    workDueMs: process.workDueMs,
    workGeneration: process.workGeneration,
    workRemainingMs: process.workRemainingMs,
    pausedUntilMs: process.pausedUntilMs,
    overdue: process.overdue.slice(),
    inbox: process.inbox.slice(),
    heldWrite: process.heldWrite,
    lastTriggerWallMs: process.lastTriggerWallMs,
    triggerGeneration: process.triggerGeneration,
    sessionEpoch: process.sessionEpoch,
    elector: { ...process.elector },
    leaseGrantId: process.leaseGrantId,
    consensusGrantId: process.consensusGrantId,
    redisValue: process.redisValue,
    lockRowSeen: process.lockRowSeen,
    grantId: process.grantId,
    lockCreatedLocalMs: process.lockCreatedLocalMs,
    keepAliveGeneration: process.keepAliveGeneration,
    keepAliveDueMonotonicMs: process.keepAliveDueMonotonicMs,
    keepAliveUntilLocalMs: process.keepAliveUntilLocalMs,
    run: process.run,
  };
}

/** Back to `saved`, with an actor restored from its persisted snapshot (`actorRestore.ts`). */
export function restoreProcess(process: ReplicaProcess, saved: ProcessCheckpoint): void {
  process.restoreDecider(saved.decider);
  process.proc = saved.proc;
  process.activity = saved.activity;
  process.incarnation = saved.incarnation;
  process.instantMs = saved.instantMs;
  process.workDueMs = saved.workDueMs;
  process.workGeneration = saved.workGeneration;
  process.workRemainingMs = saved.workRemainingMs;
  process.pausedUntilMs = saved.pausedUntilMs;
  process.overdue = saved.overdue.slice();
  process.inbox = saved.inbox.slice();
  process.heldWrite = saved.heldWrite;
  process.lastTriggerWallMs = saved.lastTriggerWallMs;
  process.triggerGeneration = saved.triggerGeneration;
  process.sessionEpoch = saved.sessionEpoch;
  process.elector = { ...saved.elector };
  process.leaseGrantId = saved.leaseGrantId;
  process.consensusGrantId = saved.consensusGrantId;
  process.redisValue = saved.redisValue;
  process.lockRowSeen = saved.lockRowSeen;
  process.grantId = saved.grantId;
  process.lockCreatedLocalMs = saved.lockCreatedLocalMs;
  process.keepAliveGeneration = saved.keepAliveGeneration;
  process.keepAliveDueMonotonicMs = saved.keepAliveDueMonotonicMs;
  process.keepAliveUntilLocalMs = saved.keepAliveUntilLocalMs;
  process.run = saved.run;
}
