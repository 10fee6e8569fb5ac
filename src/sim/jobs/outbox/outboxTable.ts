/**
 * The outbox table of the `outbox` job, as plain data (`outboxRelay.ts` changes it): rows sent,
 * row locks, waiting claims, and what each relay's open transaction claimed. The simulation
 * keeps it as the job's state; a checkpoint copies it whole.
 */
import type { PendingReply } from '../../pendingReply';

export interface OutboxTable {
  readonly sent: boolean[];
  /** The transaction holding each row's lock, or null. */
  readonly lockedBy: (string | null)[];
  /** `FOR UPDATE` claims waiting on a row lock, in the order they started waiting. */
  waiters: ClaimInProgress[];
  /** Per replica (by index): the rows its open transaction claimed (item indices), for the commit. */
  readonly claimedRows: (readonly number[])[];
}

export function newOutboxTable(rows: number, replicas: number): OutboxTable {
  return {
    sent: new Array<boolean>(rows).fill(false),
    lockedBy: new Array<string | null>(rows).fill(null),
    waiters: [],
    claimedRows: Array.from({ length: replicas }, () => []),
  };
}

/** A `FOR UPDATE` claim between its arrival and its answer (plain data: the relay by replica index). */
export interface ClaimInProgress {
  readonly tx: string;
  readonly replica: number;
  /** The rows unsent in the statement's snapshot, in id order (what it scans). */
  readonly snapshot: readonly number[];
  position: number;
  readonly claimed: number[];
  /** The transaction it waits for, while it waits, and the row it waits on. */
  waitingFor: string | null;
  waitingRow: number;
  /** Where the claimed rows go when the scan is done (`answerRequest`). */
  readonly reply: PendingReply;
}

/** The outbox's own agenda steps (`{ kind: 'job', step }`). */
export type OutboxStep =
  /** `FOR UPDATE` claims woken by a commit or rollback, run after its statements at the same instant. */
  | { readonly kind: 'claimsWoken'; readonly claims: readonly ClaimInProgress[] }
  /** The database drops a dead relay's connection: its transaction rolls back. */
  | { readonly kind: 'rollback'; readonly transaction: string };
