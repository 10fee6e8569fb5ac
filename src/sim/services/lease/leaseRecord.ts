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
  observedVersion: number;
  observedAtMonoMs: number;
  /** Monotonic start of the current renewal iteration (the last success). */
  iterationStartMonoMs: number;
  lastTickWallMs: number;
  generation: number;
}

export function freshElector(generation: number): ElectorState {
  return {
    leading: false,
    observedVersion: -1,
    observedAtMonoMs: 0,
    iterationStartMonoMs: 0,
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
