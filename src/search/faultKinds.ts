/**
 * The kinds of fault the search puts into a night, and which of them mean something for a
 * given design: a Redis failover needs Redis with a replica, a killed session needs a
 * session that holds the lock, a starved renewer needs a renewal to starve. Pure.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';

/** One kind of disturbance the search may add; each becomes one or two events of the file. */
export type FaultKind =
  | 'pause'
  | 'pauseBeforeWrite'
  | 'crash'
  | 'clockJump'
  | 'delayWrite'
  | 'partition'
  | 'starveRenewer'
  | 'redisFailover'
  | 'killSession'
  | 'expireLock';

/** Every fault kind, in the order the command line and the app list them. */
export const FAULT_KINDS: readonly FaultKind[] = [
  'pause',
  'pauseBeforeWrite',
  'crash',
  'clockJump',
  'delayWrite',
  'partition',
  'starveRenewer',
  'redisFailover',
  'killSession',
  'expireLock',
];

/** Is `text` the name of a fault kind (a command-line word)? */
export function isFaultKind(text: string): text is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(text);
}

/**
 * The fault kinds that make sense for this night's lock and job, in `FAULT_KINDS` order.
 * Each one changes something for this lock in the engine (docs/model.md §4-5; `faultPlan.ts`,
 * `processEvents.ts`), so no tried night is spent on a fault that does nothing, and every
 * event the search writes is one `unsupportedFeatures()` accepts.
 */
export function faultsForScenario(scenario: ResolvedScenario): FaultKind[] {
  const lock = scenario.lock;
  // A write fault names an order the file's loader checks against `job.items`; the outbox,
  // digest and cleanup jobs write rows 1..N the loader does not know of, so only the
  // reconciliation's writes can be aimed at.
  const hasItems = scenario.job.kind === 'reconcile' && scenario.job.items.length > 0;
  const applies: Record<FaultKind, boolean> = {
    pause: true,
    pauseBeforeWrite: hasItems,
    crash: true,
    clockJump: true,
    delayWrite: hasItems,
    // Without a lock there is no lock service to be cut off from.
    partition: lock.kind !== 'none',
    // Only a renewal can starve: ShedLock's KeepAlive, the elector, the consensus session.
    starveRenewer:
      (lock.kind === 'shedlock' && lock.keepAlive) ||
      lock.kind === 'lease' ||
      lock.kind === 'etcd' ||
      lock.kind === 'zookeeper',
    redisFailover: lock.kind === 'redis' && lock.replica !== null,
    // A killed session matters to a lock that lives in the session.
    killSession: lock.kind === 'advisory',
    // Leader election has no operator's expiry in the engine; a night without a lock has nothing to free.
    expireLock: lock.kind !== 'none' && lock.kind !== 'lease',
  };
  return FAULT_KINDS.filter((kind) => applies[kind]);
}
