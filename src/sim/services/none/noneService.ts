/**
 * No lock (`lock.kind: none`): the machine never asks for one (`usesLock` is false), a holder
 * check passes, a release is a no-op, and there is nothing to force free.
 */
import type { LockService } from '../lockService';

export const noneService: LockService<{ readonly kind: 'none' }> = {
  acquire: () => {
    throw new Error('acquire with lock kind none');
  },
  isHolder: () => true,
  release: () => ({ type: 'RELEASED' }),
  forceExpire: () => {},
  replicaStarted: () => {},
  replicaDown: () => {},
};
