/**
 * What a night's future depends on, as one string: two checkpoints of nights of the same
 * design with equal keys, resumed with equal user events from their boundary on, run the same
 * steps and end with the same verdict on I3 and I4 (`leaseline verify` merges such nights:
 * the rest is simulated once).
 *
 * The key is the checkpoint's World and actors, less what only the trace reads:
 * - the logs (trace entries, writes, violations, the lanes' service changes, closed zombie
 *   windows) and the run records (`sim.runs` is written by index, never read back; a run's
 *   `runId` is only that index);
 * - `nowMs`, `machineEventCount` (set by the next step; a count for the trace);
 * - the times of past applications: only how many there were (0, 1, or 2 and more) decides
 *   I3, which is all a verdict on I3 asks of them (so the key is for I3 and I4 only: I1, I2,
 *   I5 and I6 read the grants' and windows' history, and verify does not merge for them);
 * - a pause's end time once the process is no longer paused (read only while it is);
 * - the queue's insertion numbers, which only order entries that tie on time, kind and
 *   replica: the entries are listed in the order they pop, each marked as scheduled before or
 *   after the user events (whose numbers sit between the two), and the checkpoint's own user
 *   events are left out, since the resumed night brings its own (`resimulate`'s
 *   `resumptionOf`), which the caller keys itself.
 * Everything else (processes, actors, database, lock service, job tables, grants) is kept
 * whole: a key that is too fine only merges less. Pure.
 */
import { popOrder } from '../eventQueue';
import type { MemoStateName } from '../reactionMemo';
import type { ReplicaProcess } from '../replicaProcess';
import type { World } from '../world';
import type { SavedActor } from './actorRestore';
import type { Checkpoint } from './checkpoint';
import { stateDigest } from './stateDigest';

/**
 * A few scalars of the key, compared first: a night that has accepted another token, holds
 * another number of grants, another lease on the lock row or another generation of a replica's
 * timers cannot have an equal key, and this says so without writing the key out (most states
 * `leaseline verify` compares differ here). A necessary condition only: the key decides.
 */
export function mayShareFuture(live: World, saved: World): boolean {
  if (
    live.highestAcceptedToken !== saved.highestAcceptedToken ||
    live.rowGrantId !== saved.rowGrantId ||
    live.grants.length !== saved.grants.length ||
    live.queue.heap.length !== saved.queue.heap.length ||
    live.processes.length !== saved.processes.length ||
    !sameScalars(live.db.lockRow, saved.db.lockRow)
  ) {
    return false;
  }
  return live.processes.every((process, index) => {
    const other = saved.processes[index] as ReplicaProcess;
    return (
      process.proc === other.proc &&
      process.workGeneration === other.workGeneration &&
      process.incarnation === other.incarnation &&
      process.sessionEpoch === other.sessionEpoch &&
      process.inbox.length === other.inbox.length &&
      sameScalars(process.lockClient, other.lockClient)
    );
  });
}

/** Whether two records agree on their numbers, strings and booleans (their other fields are left to the key). */
function sameScalars(a: object | null, b: object | null): boolean {
  if (a === null || b === null) return a === b;
  const one = a as Record<string, unknown>;
  const other = b as Record<string, unknown>;
  // A for-in walk, not Object.entries: verify asks this at every grid instant of every re-run.
  for (const field in one) {
    const value = one[field];
    if (typeof value !== 'object' && value !== other[field]) return false;
  }
  return true;
}

/**
 * The key of `checkpoint`'s future but for its user events: `environmentSeqFrom` and
 * `environmentCount` say which queue entries those are (the night's `environmentSeqFrom`).
 */
export function futureKey(checkpoint: Checkpoint, environmentSeqFrom: number): string {
  return futureKeyOf(checkpoint.world.state, checkpoint.actors, environmentSeqFrom, checkpoint.environmentCount);
}

/**
 * The same key of a World at a boundary and its actors' snapshots (a running night's own, read
 * in place, or a checkpoint's), with `environmentCount` user events numbered from
 * `environmentSeqFrom`.
 */
export function futureKeyOf(
  world: World,
  actors: readonly (SavedActor | null)[],
  environmentSeqFrom: number,
  environmentCount: number,
): string {
  const userEnd = environmentSeqFrom + environmentCount;
  const queue = world.queue.heap
    .filter((entry) => entry.seq < environmentSeqFrom || entry.seq >= userEnd)
    .sort(popOrder)
    .map((entry) => [entry.atMs, entry.eventClass, entry.replicaIndex, entry.seq < environmentSeqFrom, entry.item]);
  const { believedGrant, zombie, openFromMs, openZombies, openTakers } = world.zombies;
  return JSON.stringify([
    world.truncatedAtMs,
    queue,
    world.processes.map(processKey),
    [believedGrant, zombie, openFromMs, openZombies, openTakers],
    world.services.last,
    world.takenPauses,
    world.appliedAtMs.map((times) => Math.min(times.length, 2)),
    world.highestAcceptedToken,
    world.rowGrantId,
    world.grants,
    world.db,
    world.lockState,
    world.jobState,
    actors,
  ]).replace(MESSAGE_IDS, '');
}

/**
 * Message numbers label what a night sends (its trace's `send`, `reply` and SQL entries) and
 * nothing else reads them: two states that differ only in them, or in how many messages were
 * sent before, have the same future. A key inside a JSON string is written `\"messageId\"`,
 * so only real fields match.
 */
const MESSAGE_IDS = /"messageId":\d+,?/g;

function processKey(process: ReplicaProcess): unknown {
  const { run, pausedUntilMs, decider, ...rest } = process;
  const runKey = run === null ? null : { ...run, runId: 0 };
  const deciderKey =
    decider === null
      ? null
      : { ...decider, state: memoStateKey(decider.state), actorState: memoStateKey(decider.actorState) };
  return [rest, deciderKey, process.proc === 'paused' ? pausedUntilMs : 0, runKey];
}

/**
 * A memo state's name is its machine snapshot as JSON (hundreds of characters, quoted again
 * inside the key): its digest stands for it, which makes the key about a third shorter (the
 * fenced flagship's verify nights: 4.2 kB to 2.7 kB on average). The digests of the states
 * met lately are kept by name (a cache of a pure function of the name, so clearing it when it
 * grows large changes no key).
 */
const memoStateDigests = new Map<string, string>();
const MEMO_STATE_DIGESTS_MAX = 10_000;

function memoStateKey(name: MemoStateName): string {
  let digest = memoStateDigests.get(name.key);
  if (digest === undefined) {
    digest = stateDigest(name.key);
    if (memoStateDigests.size >= MEMO_STATE_DIGESTS_MAX) memoStateDigests.clear();
    memoStateDigests.set(name.key, digest);
  }
  return digest;
}
