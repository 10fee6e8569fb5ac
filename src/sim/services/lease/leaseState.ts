/** The lease service's state for the night: the Lease record at the API server, in `Simulation.lockState`. */

import { serviceDataOf } from '../../serviceData';
import type { Simulation } from '../../simulation';
import type { LeaseRecord } from './leaseRecord';

/** The lease service's state: the record at the API server. */
export interface LeaseState {
  readonly kind: 'lease';
  readonly record: LeaseRecord;
}

/** No holder yet; transitions start at `lastToken` (the epoch token of earlier nights). */
export function newLeaseState(lastToken: number): LeaseState {
  return {
    kind: 'lease',
    record: { holder: '', acquireTimeMs: 0, renewTimeMs: 0, renewedAtMs: 0, transitions: lastToken, version: 0 },
  };
}

/** The night's Lease record. */
export function leaseRecordOf(sim: Pick<Simulation, 'lockState'>): LeaseRecord {
  return serviceDataOf<LeaseState>(sim.lockState, 'lease', 'a lease lock without a Lease record').record;
}
