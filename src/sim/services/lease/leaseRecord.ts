/** Leader election's data (`leaseElector.ts` runs it): the Lease record and each process's elector. */
import type { ReplicaProcess } from '../../replicaProcess';
import { serviceDataOf } from '../../serviceData';

/** The Kubernetes-style Lease record (F14), at the API server. */
export interface LeaseRecord {
  holder: string;
  /** `acquireTime` and `renewTime` on the API server's clock. */
  acquireTimeMs: number;
  renewTimeMs: number;
  /** True time of the last write (for the timeline's lease-record lane). */
  renewedAtMs: number;
  transitions: number;
  version: number;
}

/** Elector state of one process; a restart starts a fresh candidate. */
export interface ElectorState {
  leading: boolean;
  /**
   * STOPPED: leadership was lost and client-go's `Run()` returned, so this elector never
   * campaigns again; only a restart (a new process) brings a fresh one.
   */
  stopped: boolean;
  observedVersion: number;
  observedAtMonoMs: number;
  /** The leader's renew iterations so far; a request carries the number of the one it belongs to. */
  iteration: number;
  /**
   * When the running renew iteration gives up, on the leader's monotonic clock: `renewDeadline`
   * after the iteration started (when it ran, not when it fell due). Null between iterations.
   */
  iterationDeadlineMonoMs: number | null;
  lastTickWallMs: number;
  generation: number;
}

export function freshElector(generation: number): ElectorState {
  return {
    leading: false,
    stopped: false,
    observedVersion: -1,
    observedAtMonoMs: 0,
    iteration: 0,
    iterationDeadlineMonoMs: null,
    lastTickWallMs: Number.NEGATIVE_INFINITY,
    generation,
  };
}

/** The lease service's client on a process (`lockClient`): its elector and the term it leads, if any. */
export interface LeaseClient {
  readonly kind: 'lease';
  elector: ElectorState;
  /** The grant of the term this process leads. */
  grantId: number | null;
}

export function newLeaseClient(): LeaseClient {
  return { kind: 'lease', elector: freshElector(0), grantId: null };
}

/** The process's elector and term. */
export function leaseClientOf(process: Pick<ReplicaProcess, 'lockClient'>): LeaseClient {
  return serviceDataOf<LeaseClient>(process.lockClient, 'lease', 'a lease process without its elector');
}
