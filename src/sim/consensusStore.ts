/** What the etcd / ZooKeeper cluster holds (`consensusLock.ts` changes it): keys, sessions, waiters. */
import type { ReplicaEvent } from '../machines/replicaMachine';
import type { ReplicaProcess } from './replicaProcess';

export interface ConsensusKey {
  readonly replica: string;
  readonly session: string;
  /** Create revision (etcd) or sequence number (ZooKeeper): the token. */
  readonly number: number;
}

export interface Waiter {
  readonly process: ReplicaProcess;
  readonly incarnation: number;
  readonly ownNumber: number;
  readonly deliver: (reply: ReplicaEvent) => void;
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
