/**
 * The outbox relay (docs/model.md §5.7, §9 S16, F21): no global lock. Each tick a replica claims up
 * to `batch` unsent rows in one transaction, publishes each to the broker, marks them sent and
 * commits. `skipLocked` claims with `FOR UPDATE SKIP LOCKED` (rows another transaction holds
 * are skipped), `forUpdate` waits for them (as PostgreSQL does, see `advanceClaim`), `none`
 * takes no row locks. A crashed relay's
 * transaction rolls back when the database notices (5 s): its rows are unsent and free again,
 * so what it had published is published again: at-least-once. "Applied" here is "published".
 */
import type { ReplicaEvent } from '../../../machines/replicaMachine';
import type { AgendaItem } from '../../agenda';
import type { RecordSql } from '../../database';
import type { PendingReply } from '../../pendingReply';
import { processAt } from '../../replicaProcess';
import type { JobContext, JobProcess } from '../job';
import type { ClaimInProgress, OutboxStep, OutboxTable } from './outboxTable';

/** How long until the database drops a dead relay's connection and rolls back (S16). */
export const RELAY_ROLLBACK_MS = 5000;

/** The relay's transaction lives on its database session's connection. */
export const transactionOf = (process: JobProcess): string => process.session;

/** An agenda item carrying one of the outbox's own steps. */
export function outboxItem(step: OutboxStep): AgendaItem {
  // The woken claims run at the instant they were woken, and change as they run.
  return { kind: 'job', sameInstant: step.kind === 'claimsWoken', step };
}

/**
 * The claim (the LOAD step): the reply with the claimed rows, or null when a `FOR UPDATE` scan
 * waits on a row lock (its reply comes when a commit or rollback wakes it: `continueClaim`).
 */
export function claimRows(
  sim: JobContext,
  table: OutboxTable,
  process: JobProcess,
  reply: PendingReply,
): ReplicaEvent | null {
  const { claim, batch } = sim.scenario.job;
  const tx = transactionOf(process);
  const unsent = table.sent.flatMap((sent, row) => (sent ? [] : [row]));
  sim.sqlRecorder(process, null)({ kind: 'begin' }, 0, 'begun');
  if (claim === 'forUpdate') {
    const progress: ClaimInProgress = {
      tx,
      replica: process.index,
      snapshot: unsent,
      position: 0,
      claimed: [],
      waitingFor: null,
      waitingRow: -1,
      reply,
    };
    return continueClaim(sim, table, progress);
  }
  const free = claim === 'skipLocked' ? unsent.filter((row) => table.lockedBy[row] === null) : unsent;
  const claimed = free.slice(0, batch);
  if (claim !== 'none') for (const row of claimed) table.lockedBy[row] = tx;
  return answerClaim(sim, table, claimed, process);
}

/** The claim's answer; the relay's transaction remembers its rows for the commit. */
function answerClaim(
  sim: JobContext,
  table: OutboxTable,
  claimed: readonly number[],
  process: JobProcess,
): ReplicaEvent {
  const { claim, batch } = sim.scenario.job;
  const rows = claimed.map((row) => row + 1);
  sim.sqlRecorder(process, null)({ kind: 'outboxClaim', mode: claim, batch, rows }, claimed.length, 'loaded');
  const pending = [...claimed];
  table.claimedRows[process.index] = pending;
  return { type: 'SNAPSHOT', pending };
}

/**
 * One row of a `FOR UPDATE` scan, as PostgreSQL's READ COMMITTED does it: a row another
 * transaction holds makes the claim wait for that transaction; a free row is locked, and if
 * it was sent since the statement's snapshot it is re-checked, skipped and stays locked until
 * this transaction ends. The scan stops once `batch` rows qualify (the LIMIT).
 */
function advanceClaim(sim: JobContext, table: OutboxTable, claim: ClaimInProgress): 'stepped' | 'waiting' | 'done' {
  const { batch } = sim.scenario.job;
  const row = claim.snapshot[claim.position];
  if (row === undefined || claim.claimed.length >= batch) return 'done';
  const owner = table.lockedBy[row] ?? null;
  if (owner !== null && owner !== claim.tx) {
    if (claim.waitingFor !== owner) {
      claim.waitingFor = owner;
      claim.waitingRow = row;
      sim.log('db', {
        kind: 'sqlWait',
        replica: processOf(sim, claim).id,
        session: claim.tx,
        statement: { kind: 'outboxClaim', mode: 'forUpdate', batch, rows: null },
        row: row + 1,
        holder: owner,
      });
    }
    table.waiters.push(claim);
    return 'waiting';
  }
  claim.waitingFor = null;
  table.lockedBy[row] = claim.tx;
  if (!table.sent[row]) claim.claimed.push(row);
  claim.position += 1;
  return claim.claimed.length >= batch || claim.position >= claim.snapshot.length ? 'done' : 'stepped';
}

/**
 * Runs a claim until it is answered (its reply, for `answerRequest` to carry to `claim.reply`)
 * or waits again (null). When one commit wakes several claims, the `claimsWoken` step
 * runs them one after another in the order they began waiting for it, each answered before the
 * next runs (model). PostgreSQL promises no order here: it wakes every waiter of the ended
 * transaction at once, in that order, and the backends then race for the rows; the first one
 * woken usually gets there first (a replay on PostgreSQL 18 of S16 with FOR UPDATE agrees), but
 * a busy machine may serve a later one first. Claims waiting on the same row are served
 * first-come for certain: PostgreSQL's tuple lock queues them, the first one locks the row and
 * the next one waits for it.
 */
export function continueClaim(sim: JobContext, table: OutboxTable, claim: ClaimInProgress): ReplicaEvent | null {
  let outcome = advanceClaim(sim, table, claim);
  while (outcome === 'stepped') outcome = advanceClaim(sim, table, claim);
  return outcome === 'done' ? answerClaim(sim, table, claim.claimed, processOf(sim, claim)) : null;
}

function processOf(sim: JobContext, claim: ClaimInProgress): JobProcess {
  const process = processAt(sim, claim.replica, 'outbox claim');
  return process;
}

/** Publishing a row (the WRITE step): the broker takes every message it is given. */
export function publishRow(sim: JobContext, row: number, record: RecordSql): 'accepted' {
  sim.db.appliedCount[row] = (sim.db.appliedCount[row] ?? 0) + 1;
  record({ kind: 'outboxPublish', row: row + 1 }, 1, 'applied');
  return 'accepted';
}

/** The commit (the MARK_DONE step): the rows the transaction claimed are sent and their locks released. */
export function commitClaim(sim: JobContext, table: OutboxTable, process: JobProcess): void {
  const rows = table.claimedRows[process.index] ?? [];
  table.claimedRows[process.index] = [];
  for (const row of rows) table.sent[row] = true;
  const record = sim.sqlRecorder(process, null);
  record({ kind: 'outboxCommit', rows: rows.map((row) => row + 1) }, rows.length, 'committed');
  record({ kind: 'commit' }, 0, 'committed');
  release(sim, table, transactionOf(process));
}

/** A relay went down: its open transaction rolls back once the database drops the dead connection. */
export function relayDown(sim: JobContext, table: OutboxTable, process: JobProcess): void {
  sim.schedule(
    sim.nowMs + RELAY_ROLLBACK_MS,
    1,
    process.index,
    outboxItem({ kind: 'rollback', transaction: transactionOf(process) }),
  );
  table.claimedRows[process.index] = [];
}

/**
 * A dead relay's connection is dropped: its transaction rolls back (its rows are unsent and
 * free again) and a claim it still had waiting is cancelled.
 */
export function rollbackClaim(sim: JobContext, table: OutboxTable, tx: string): void {
  table.waiters = table.waiters.filter((claim) => claim.tx !== tx);
  const held = table.lockedBy.flatMap((owner, row) => (owner === tx ? [row + 1] : []));
  if (held.length === 0) return;
  sim.sqlRecorder(null, null)({ kind: 'outboxRollback', transaction: tx, rows: held }, held.length, 'rolledBack');
  release(sim, table, tx);
}

function release(sim: JobContext, table: OutboxTable, tx: string): void {
  table.lockedBy.forEach((owner, row) => {
    if (owner === tx) table.lockedBy[row] = null;
  });
  const woken = table.waiters.filter((claim) => claim.waitingFor === tx);
  if (woken.length === 0) return;
  table.waiters = table.waiters.filter((claim) => claim.waitingFor !== tx);
  // Waiters on the same row queue on its tuple lock; waiters on different rows race.
  if (new Set(woken.map((claim) => claim.waitingRow)).size > 1) {
    sim.log('db', { kind: 'note', text: { key: 'claimsWokeTogether', sessions: woken.map((claim) => claim.tx) } });
  }
  // The woken claims run after the commit's own statements, at the same instant.
  sim.schedule(sim.nowMs, 2, -1, outboxItem({ kind: 'claimsWoken', claims: woken }));
}
