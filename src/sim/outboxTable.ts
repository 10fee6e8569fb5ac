/** The outbox table of the `outbox` job (`outboxRelay.ts` changes it): rows sent, row locks, waiting claims. */
import type { PendingReply } from './pendingReply';

export class OutboxTable {
  readonly sent: boolean[];
  /** The transaction holding each row's lock, or null. */
  readonly lockedBy: (string | null)[];
  /** `FOR UPDATE` claims waiting on a row lock, in the order they started waiting. */
  waiters: ClaimInProgress[] = [];

  constructor(rows: number) {
    this.sent = new Array<boolean>(rows).fill(false);
    this.lockedBy = new Array<string | null>(rows).fill(null);
  }
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
