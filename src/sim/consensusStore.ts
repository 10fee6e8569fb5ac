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

export interface ConsensusCheckpoint {
  readonly keys: readonly ConsensusKey[];
  readonly counter: number;
  readonly sessions: readonly (readonly [string, number])[];
  readonly waiters: readonly Waiter[];
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

  /** Keys, counter, sessions and waiters as they are now (keys and waiters are immutable records). */
  checkpoint(): ConsensusCheckpoint {
    return {
      keys: this.keys.slice(),
      counter: this.counter,
      sessions: [...this.sessions],
      waiters: this.waiters.slice(),
    };
  }

  restore(saved: ConsensusCheckpoint): void {
    this.keys = saved.keys.slice();
    this.counter = saved.counter;
    this.sessions.clear();
    for (const [session, deadlineMs] of saved.sessions) this.sessions.set(session, deadlineMs);
    this.waiters = saved.waiters.slice();
  }
}
