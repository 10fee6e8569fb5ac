/**
 * What the etcd / ZooKeeper cluster holds (`consensusLock.ts` changes it): keys, sessions,
 * waiters. Plain data, the consensus service's state in `Simulation.lockState`.
 */
import type { PendingReply } from '../../pendingReply';
import { serviceDataOf } from '../../serviceData';
import type { Simulation } from '../../simulation';

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
  /** The session its key was created under (the key its re-check looks for). */
  readonly session: string;
  readonly reply: PendingReply;
}

export interface ConsensusStore {
  readonly kind: 'consensus';
  keys: ConsensusKey[];
  /** etcd: the cluster revision (creates and deletes); ZooKeeper: the lock node's sequence. */
  counter: number;
  /**
   * Session deadline (true ms) at the server, by session; absent or undefined = expired or never
   * opened. A plain record, not a Map, so the World stays plain data.
   */
  readonly sessions: Record<string, number | undefined>;
  waiters: Waiter[];
}

/** An empty cluster whose revision or sequence starts at `counterStart` (`storage.lastToken`). */
export function newConsensusStore(counterStart: number): ConsensusStore {
  return { kind: 'consensus', keys: [], counter: counterStart, sessions: {}, waiters: [] };
}

/** The night's cluster (the service's own state). */
export function consensusOf(sim: Pick<Simulation, 'lockState'>): ConsensusStore {
  return serviceDataOf<ConsensusStore>(sim.lockState, 'consensus', 'a consensus lock without its cluster');
}
