/** What leader election (`leaseElector.ts`, `leaseRenewal.ts`) touches of the simulation and of a process. */
import type { ReplicaEvent } from '../../../machines/replicaMachine';
import type { GrantLog } from '../../grantLog';
import type { ReplicaProcess } from '../../replicaProcess';
import type { Simulation } from '../../simulation';

/** What leader election touches of the simulation (a test's fake context provides it). */
export type LeaseContext = GrantLog &
  Pick<
    Simulation,
    | 'scenario'
    | 'db'
    | 'dbClock'
    | 'lockState'
    | 'schedule'
    | 'nextMessageId'
    | 'isStarved'
    | 'isPartitioned'
    | 'sqlRecorder'
    | 'changeGrant'
    | 'replicaClock'
    | 'replicaConfig'
  > & {
    readonly processes: readonly LeaseProcess[];
    sendToActor(process: LeaseProcess, event: ReplicaEvent): void;
    onExit(process: LeaseProcess): void;
  };

/** What leader election knows of a replica's process: its elector, its clock, its trigger and its term. */
export type LeaseProcess = Pick<
  ReplicaProcess,
  | 'index'
  | 'id'
  | 'proc'
  | 'activity'
  | 'overdue'
  | 'instantMs'
  | 'latencyMs'
  | 'session'
  | 'sessionEpoch'
  | 'lockClient'
>;
