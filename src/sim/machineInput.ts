/** Pure: how a scenario configures one replica's machine (its fixed input for the night). */
import type { ReplicaMachineInput } from '../machines/replicaMachine';
import type { ResolvedReplica, ResolvedScenario } from '../model/resolvedScenario';

export function replicaMachineInput(scenario: ResolvedScenario, replica: ResolvedReplica): ReplicaMachineInput {
  const lock = scenario.lock;
  return {
    usesLock: lock.kind !== 'none',
    skipIfDone: scenario.job.skipIfDone,
    // Fence-on-acquire only means something with the single per-job fence row (DOMAIN.md §6).
    fenceOnAcquire: scenario.storage.fencing === 'job' && scenario.storage.fenceOnAcquire,
    mintTokenAfterLoad: lock.kind === 'shedlock' && lock.token && lock.tokenMint === 'afterLoad',
    holderCheck: replica.holderCheck,
    onLockLost: replica.onLockLost,
  };
}
