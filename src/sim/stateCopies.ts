/**
 * Checkpoints of the simulation's parts whose state is all in public fields: the database, the
 * outbox store, a replica process. Here rather than as methods so that only the
 * code that re-simulates (the night worker's chunk) carries them. The parts with private state
 * (queue, zombie tracker, service history, decider, fault plan) save their own; the lock
 * service's state is plain data, cloned whole (`checkpoint.ts`).
 */

import type { ReplicaActivity, ReplicaRequest } from '../machines/replicaMachine';
import type { Database, LockRow } from './database';
import type { ClaimInProgress, OutboxTable } from './outboxTable';
import type { DeciderCheckpoint } from './replicaDecider';
import type { HeldReply, OverdueTimer, ReplicaProcess } from './replicaProcess';
import type { ServiceClient } from './serviceData';
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

export interface OutboxCheckpoint {
  readonly sent: readonly boolean[];
  readonly lockedBy: readonly (string | null)[];
  readonly waiters: readonly ClaimInProgress[];
}

/**
 * A waiting claim changes as it advances, so it is copied; only the queue's same-instant
 * wake-ups (`outboxClaimsWoken`) hold claims elsewhere, and a checkpoint is never taken while
 * one is pending.
 */
const copyClaim = (claim: ClaimInProgress): ClaimInProgress => ({ ...claim, claimed: claim.claimed.slice() });

export function saveOutbox(table: OutboxTable): OutboxCheckpoint {
  return { sent: table.sent.slice(), lockedBy: table.lockedBy.slice(), waiters: table.waiters.map(copyClaim) };
}

export function restoreOutbox(table: OutboxTable, saved: OutboxCheckpoint): void {
  copyInto(table.sent, saved.sent);
  copyInto(table.lockedBy, saved.lockedBy);
  table.waiters = saved.waiters.map(copyClaim);
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
  readonly claimedRows: readonly number[];
  readonly grantId: number | null;
  /** The lock service's client (plain data), copied. */
  readonly lockClient: ServiceClient;
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
    claimedRows: process.claimedRows,
    grantId: process.grantId,
    lockClient: structuredClone(process.lockClient),
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
  process.claimedRows = saved.claimedRows;
  process.grantId = saved.grantId;
  process.lockClient = structuredClone(saved.lockClient);
  process.run = saved.run;
}
