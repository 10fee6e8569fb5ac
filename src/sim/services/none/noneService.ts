/**
 * No lock (`lock.kind: none`): the machine never asks for one (`usesLock` is false), a holder
 * check passes, a release is a no-op, and there is nothing to force free.
 */
import type { ReplicaProcess } from '../../replicaProcess';
import type { Simulation } from '../../simulation';
import { killDatabaseSession } from '../databaseSession';
import type { LockService } from '../lockService';
import { QUIET_HOOKS } from '../quietHooks';

/** It touches nothing of the simulation or the process but the database session an operator kills. */
export const noneService: LockService<
  { readonly kind: 'none' },
  Pick<Simulation, 'db' | 'sqlRecorder'>,
  Pick<ReplicaProcess, 'id' | 'session' | 'sessionEpoch'>
> = {
  ...QUIET_HOOKS,
  acquireOwed: null,
  acquire: () => {
    throw new Error('acquire with lock kind none');
  },
  isHolder: () => true,
  release: () => ({ type: 'RELEASED' }),
  forceExpire: () => {},
  replicaStarted: () => {},
  replicaDown: () => {},
  killSession: (sim, process) => killDatabaseSession(sim, process),
  handle: () => null,
  endpoint: null,
  recordsEveryStep: false,
  serviceView: () => null,
  lint: () => [],
  issuesTokens: () => false,
};
