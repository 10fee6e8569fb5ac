/**
 * The `etcd` and `zookeeper` lock kinds as one `LockService`: a lock recipe on a consensus
 * store (`consensusLock.ts`). Its acquire blocks until the key is lowest, so the kernel hands
 * it the request as an owed reply (`acquireOwed`) and never calls `acquire`.
 */
import type { ConsensusConfig } from '../../../model/resolvedScenario';
import type { ConsensusKeysView } from '../../serviceHistory';
import type { LockService } from '../lockService';
import { acquireConsensus, releaseConsensus, revokeSession } from './consensusLock';

export const consensusService: LockService<ConsensusConfig> = {
  // The reply comes when the key is lowest (or the wait fails).
  acquireOwed: acquireConsensus,
  acquire: (_sim, _process, lock) => {
    throw new Error(`acquire with lock kind ${lock.kind}`);
  },
  isHolder: (sim, process) => {
    const keys = sim.consensus?.keys ?? [];
    const own = keys.find((key) => key.session === process.session);
    return own !== undefined && keys.every((key) => key.number >= own.number);
  },
  release: (sim, process) => {
    releaseConsensus(sim, process);
    return { type: 'RELEASED' };
  },
  forceExpire: (sim) => {
    // An operator revokes the holder's session lease: its key goes and the next waiter wakes.
    const holder = [...(sim.consensus?.keys ?? [])].sort((a, b) => a.number - b.number)[0];
    if (holder) revokeSession(sim, holder.session);
  },
  replicaStarted: () => {},
  replicaDown: () => {},
  recordsEveryStep: true,
  serviceView: (sim, lock): ConsensusKeysView | null => {
    if (!sim.consensus) return null;
    const keys = [...sim.consensus.keys]
      .sort((a, b) => a.number - b.number)
      .map((key) => ({ replica: key.replica, session: key.session, number: key.number }));
    return { kind: 'keys', flavor: lock.kind, keys };
  },
  lint: () => [],
  // The key's revision (etcd) or sequence number (ZooKeeper) is the token.
  issuesTokens: () => true,
};
