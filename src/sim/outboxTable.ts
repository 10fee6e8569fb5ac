/** The outbox table of the `outbox` job (`outboxRelay.ts` changes it): rows sent, row locks, waiting claims. */
import type { ReplicaEvent } from '../machines/replicaMachine';
import type { ReplicaProcess } from './replicaProcess';

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

  /**
   * Rows and waiting claims as they are now. A waiting claim changes as it advances, so it is
   * copied; only the queue's same-instant wake-ups hold claims elsewhere, and a checkpoint is
   * never taken while one is pending (`checkpoint.ts`).
   */
  checkpoint(): OutboxCheckpoint {
    return { sent: this.sent.slice(), lockedBy: this.lockedBy.slice(), waiters: this.waiters.map(copyClaim) };
  }

  restore(saved: OutboxCheckpoint): void {
    copyRows(this.sent, saved.sent);
    copyRows(this.lockedBy, saved.lockedBy);
    this.waiters = saved.waiters.map(copyClaim);
  }
}

export interface OutboxCheckpoint {
  readonly sent: readonly boolean[];
  readonly lockedBy: readonly (string | null)[];
  readonly waiters: readonly ClaimInProgress[];
}

const copyClaim = (claim: ClaimInProgress): ClaimInProgress => ({ ...claim, claimed: claim.claimed.slice() });

function copyRows<T>(target: T[], source: readonly T[]): void {
  for (let index = 0; index < source.length; index++) target[index] = source[index] as T;
}

/** A `FOR UPDATE` claim between its arrival and its answer. */
export interface ClaimInProgress {
  readonly tx: string;
  readonly process: ReplicaProcess;
  /** The rows unsent in the statement's snapshot, in id order (what it scans). */
  readonly snapshot: readonly number[];
  position: number;
  readonly claimed: number[];
  /** The transaction it waits for, while it waits, and the row it waits on. */
  waitingFor: string | null;
  waitingRow: number;
  readonly deliver: (reply: ReplicaEvent) => void;
}
