/**
 * The lock services, one per lock kind (etcd and ZooKeeper share one). Adding a lock kind is
 * its folder under `services/` and its line here; the kernel asks `lockServiceOf`.
 */
import type { LockConfig, LockKind } from '../../model/resolvedScenario';
import { advisoryService } from './advisory/advisoryService';
import { consensusService } from './consensus/consensusService';
import { leaseService } from './lease/leaseService';
import type { LockService } from './lockService';
import { noneService } from './none/noneService';
import { redisService } from './redis/redisService';
import { shedlockService } from './shedlock/shedlockService';

type LockServices = { readonly [K in LockKind]: LockService<Extract<LockConfig, { kind: K }>> };

const LOCK_SERVICES: LockServices = {
  none: noneService,
  shedlock: shedlockService,
  advisory: advisoryService,
  redis: redisService,
  lease: leaseService,
  etcd: consensusService,
  zookeeper: consensusService,
};

/** The service of `lock`'s kind, to be called with `lock` itself. */
export function lockServiceOf(lock: LockConfig): LockService {
  // The table is keyed by kind, so the service found takes this very configuration.
  return LOCK_SERVICES[lock.kind] as LockService;
}

/** Every service once (etcd and ZooKeeper share one), for the questions asked of all of them. */
export function lockServices(): readonly LockService[] {
  return [...new Set(Object.values(LOCK_SERVICES))] as LockService[];
}

/** The lock kinds that have a service, in the registry's order. */
export function simulatedLockKinds(): readonly string[] {
  return Object.keys(LOCK_SERVICES);
}
