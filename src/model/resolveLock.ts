import { DEFAULT_CONSENSUS, DEFAULT_LEASE, DEFAULT_REDIS, DEFAULT_REDIS_REPLICA, DEFAULT_SHEDLOCK } from './defaults';
import { durationMs } from './mustParse';
import type { LockConfig } from './resolvedScenario';
import type { LockDocument } from './scenarioSchema';

/** The engine's lock config for a validated `lock` field, defaults filled in. Pure. */
export function resolveLock(lock: LockDocument | undefined): LockConfig {
  // No `lock`, or one without `kind`, is the standard night's ShedLock.
  if (lock === undefined || lock.kind === undefined || lock.kind === 'shedlock') {
    return {
      kind: 'shedlock',
      lockAtMostForMs: durationMs(lock?.lockAtMostFor ?? DEFAULT_SHEDLOCK.lockAtMostFor),
      lockAtLeastForMs: durationMs(lock?.lockAtLeastFor ?? DEFAULT_SHEDLOCK.lockAtLeastFor),
      time: lock?.time ?? DEFAULT_SHEDLOCK.time,
      token: lock?.token ?? DEFAULT_SHEDLOCK.token,
      tokenMint: lock?.tokenMint ?? DEFAULT_SHEDLOCK.tokenMint,
      keepAlive: lock?.keepAlive ?? DEFAULT_SHEDLOCK.keepAlive,
    };
  }
  switch (lock.kind) {
    case 'none':
    case 'advisory':
      return { kind: lock.kind };
    case 'lease':
      return {
        kind: 'lease',
        leaseDurationMs: durationMs(lock.leaseDuration ?? DEFAULT_LEASE.leaseDuration),
        renewDeadlineMs: durationMs(lock.renewDeadline ?? DEFAULT_LEASE.renewDeadline),
        retryPeriodMs: durationMs(lock.retryPeriod ?? DEFAULT_LEASE.retryPeriod),
        token: lock.token ?? DEFAULT_LEASE.token,
      };
    case 'redis': {
      const replica = lock.replica ?? null;
      return {
        kind: 'redis',
        ttlMs: durationMs(lock.ttl ?? DEFAULT_REDIS.ttl),
        release: lock.release ?? DEFAULT_REDIS.release,
        replica:
          replica === null
            ? null
            : {
                lagMs: durationMs(replica.lag ?? DEFAULT_REDIS_REPLICA.lag),
                promoteAfterMs: durationMs(replica.promoteAfter ?? DEFAULT_REDIS_REPLICA.promoteAfter),
              },
        token: lock.token ?? DEFAULT_REDIS.token,
      };
    }
    case 'etcd':
    case 'zookeeper':
      return {
        kind: lock.kind,
        sessionTtlMs: durationMs(lock.sessionTtl ?? DEFAULT_CONSENSUS.sessionTtl),
        recheckAfterWait: lock.recheckAfterWait ?? DEFAULT_CONSENSUS.recheckAfterWait,
      };
  }
}
