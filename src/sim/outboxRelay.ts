/**
 * The outbox relay (DOMAIN.md §5.7, §9 S16, F21): no global lock. Each tick a replica claims up
 * to `batch` unsent rows in one transaction, publishes each to the broker, marks them sent and
 * commits. `skipLocked` claims with `FOR UPDATE SKIP LOCKED` (rows another transaction holds
 * are skipped), `forUpdate` waits for them, `none` takes no row locks. A crashed relay's
 * transaction rolls back when the database notices (5 s): its rows are unsent and free again,
 * so what it had published is published again: at-least-once. "Applied" here is "published".
 */
import type { ReplicaEvent } from '../machines/replicaMachine';
import type { RecordSql } from './database';
import type { ReplicaProcess } from './replicaProcess';
import type { Simulation } from './simulation';

/** How long until the database drops a dead relay's connection and rolls back (S16). */
export const RELAY_ROLLBACK_MS = 5000;

export class OutboxTable {
  readonly sent: boolean[];
  /** The transaction holding each row's lock, or null. */
  readonly lockedBy: (string | null)[];
  waiters: (() => void)[] = [];

  constructor(rows: number) {
    this.sent = new Array<boolean>(rows).fill(false);
    this.lockedBy = new Array<string | null>(rows).fill(null);
  }
}

export const transactionOf = (process: ReplicaProcess): string => `${process.id}#${process.incarnation}`;

/** The claim (the LOAD step): replies with the claimed rows, at once or after a lock wait. */
export function claimRows(sim: Simulation, process: ReplicaProcess, deliver: (reply: ReplicaEvent) => void): void {
  const table = sim.outbox;
  if (!table) throw new Error('outbox job without an outbox table');
  const { claim, batch } = sim.scenario.job;
  const tx = transactionOf(process);
  const unsent = table.sent.flatMap((sent, row) => (sent ? [] : [row]));
  const record = sim.sqlRecorder(process.id, null);
  if (claim === 'forUpdate') {
    const candidates = unsent.slice(0, batch);
    if (candidates.some((row) => table.lockedBy[row] !== null && table.lockedBy[row] !== tx)) {
      // FOR UPDATE blocks on the first locked row until its transaction ends, then re-reads.
      record({ kind: 'outboxClaim', mode: claim, batch, rows: [] }, 0, 'queued');
      table.waiters.push(() => claimRows(sim, process, deliver));
      return;
    }
  }
  const free = claim === 'skipLocked' ? unsent.filter((row) => table.lockedBy[row] === null) : unsent;
  const claimed = free.slice(0, batch);
  if (claim !== 'none') for (const row of claimed) table.lockedBy[row] = tx;
  record({ kind: 'outboxClaim', mode: claim, batch, rows: claimed.map((row) => row + 1) }, claimed.length, 'loaded');
  deliver({ type: 'SNAPSHOT', pending: claimed });
}

/** Publishing a row (the WRITE step): the broker takes every message it is given. */
export function publishRow(sim: Simulation, row: number, record: RecordSql): 'accepted' {
  sim.db.appliedCount[row] = (sim.db.appliedCount[row] ?? 0) + 1;
  record({ kind: 'outboxPublish', row: row + 1 }, 1, 'applied');
  return 'accepted';
}

/** The commit (the MARK_DONE step): the claimed rows are sent and their locks released. */
export function commitClaim(sim: Simulation, process: ReplicaProcess, rows: readonly number[]): void {
  const table = sim.outbox;
  if (!table) return;
  for (const row of rows) table.sent[row] = true;
  sim.sqlRecorder(process.id, null)(
    { kind: 'outboxCommit', rows: rows.map((row) => row + 1) },
    rows.length,
    'committed',
  );
  release(sim, transactionOf(process));
}

/** A dead relay's transaction rolls back: its rows are unsent and free again. */
export function rollbackClaim(sim: Simulation, tx: string): void {
  const table = sim.outbox;
  if (!table) return;
  const held = table.lockedBy.flatMap((owner, row) => (owner === tx ? [row + 1] : []));
  if (held.length === 0) return;
  sim.sqlRecorder(null, null)({ kind: 'outboxRollback', transaction: tx, rows: held }, held.length, 'rolledBack');
  release(sim, tx);
}

function release(sim: Simulation, tx: string): void {
  const table = sim.outbox;
  if (!table) return;
  table.lockedBy.forEach((owner, row) => {
    if (owner === tx) table.lockedBy[row] = null;
  });
  const waiting = table.waiters;
  table.waiters = [];
  for (const wake of waiting) sim.schedule(sim.nowMs, 2, -1, { kind: 'callback', run: wake });
}
