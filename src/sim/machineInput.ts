/** Pure: how a scenario configures one replica's machine (its fixed input for the night). */
import type { ReplicaMachineInput } from '../machines/replicaMachine';
import type { ResolvedReplica, ResolvedScenario } from '../model/resolvedScenario';

/** An input and the parts of the scenario it was made from (compared by identity). */
interface MadeInput {
  readonly lock: ResolvedScenario['lock'];
  readonly job: ResolvedScenario['job'];
  readonly storage: ResolvedScenario['storage'];
  readonly mintTokenAfterLoad: boolean;
  readonly input: ReplicaMachineInput;
}

/**
 * The last input made for each replica object. Nights made from one another share these
 * objects (a drag's moves, `leaseline verify`'s nights: `{ ...base, events }`), so each of
 * their simulations gets the same frozen input object, and the reactions' memo finds its
 * machine by that object instead of writing the input out (`reactionMemoFor`).
 */
const made = new WeakMap<ResolvedReplica, MadeInput>();

/** `mintTokenAfterLoad`: the lock service's answer (`LockService.mintsTokenAfterLoad`). Frozen: it is shared. */
export function replicaMachineInput(
  scenario: ResolvedScenario,
  replica: ResolvedReplica,
  mintTokenAfterLoad: boolean,
): ReplicaMachineInput {
  const { lock, job, storage } = scenario;
  const seen = made.get(replica);
  if (
    seen !== undefined &&
    seen.lock === lock &&
    seen.job === job &&
    seen.storage === storage &&
    seen.mintTokenAfterLoad === mintTokenAfterLoad
  ) {
    return seen.input;
  }
  const input = Object.freeze(inputOf(scenario, replica, mintTokenAfterLoad));
  made.set(replica, { lock, job, storage, mintTokenAfterLoad, input });
  return input;
}

function inputOf(
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
