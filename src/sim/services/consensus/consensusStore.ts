/** What the etcd / ZooKeeper cluster holds (`consensusLock.ts` changes it): keys, sessions, waiters. */
import type { PendingReply } from '../../pendingReply';

export interface ConsensusKey {
  readonly replica: string;
  readonly session: string;
  /** Create revision (etcd) or sequence number (ZooKeeper): the token. */
  readonly number: number;
}

/** A blocked `acquire`, as data: which replica (index) waits, for which key, and whose reply it owes. */
export interface Waiter {
  readonly replica: number;
  readonly incarnation: number;
  readonly ownNumber: number;
  readonly reply: PendingReply;
}

export class ConsensusStore {
  keys: ConsensusKey[] = [];
  /** etcd: the cluster revision (creates and deletes); ZooKeeper: the lock node's sequence. */
  counter: number;
  /** Session deadline (true ms) at the server; absent = expired or never opened. */
  readonly sessions = new Map<string, number>();
  waiters: Waiter[] = [];

  constructor(counterStart: number) {
    this.counter = counterStart;
  }
}
