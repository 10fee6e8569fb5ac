/** Pure: how a scenario configures one replica's machine (its fixed input for the night). */
import type { ReplicaMachineInput } from '../machines/replicaMachine';
import type { ResolvedReplica, ResolvedScenario } from '../model/resolvedScenario';

/** `mintTokenAfterLoad`: the lock service's answer (`LockService.mintsTokenAfterLoad`). */
export function replicaMachineInput(
  scenario: ResolvedScenario,
  replica: ResolvedReplica,
  mintTokenAfterLoad: boolean,
): ReplicaMachineInput {
  const lock = scenario.lock;
  return {
    usesLock: lock.kind !== 'none',
    skipIfDone: scenario.job.skipIfDone,
    // Fence-on-acquire only means something with the single per-job fence row (docs/model.md §6).
    fenceOnAcquire: scenario.storage.fencing === 'job' && scenario.storage.fenceOnAcquire,
    mintTokenAfterLoad,
    holderCheck: replica.holderCheck,
    onLockLost: replica.onLockLost,
  };
}
