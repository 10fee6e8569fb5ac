/**
 * No lock (`lock.kind: none`): the machine never asks for one (`usesLock` is false), a holder
 * check passes, a release is a no-op, and there is nothing to force free.
 */
import type { LockService } from '../lockService';

/** It touches nothing of the simulation or the process. */
export const noneService: LockService<{ readonly kind: 'none' }, unknown, unknown> = {
  acquireOwed: null,
  acquire: () => {
    throw new Error('acquire with lock kind none');
  },
  isHolder: () => true,
  release: () => ({ type: 'RELEASED' }),
  forceExpire: () => {},
  replicaStarted: () => {},
  replicaDown: () => {},
  recordsEveryStep: false,
  serviceView: () => null,
  lint: () => [],
  issuesTokens: () => false,
};
