/**
 * Whether two states of nights of one design, each the state at an instant between two steps,
 * write the same rest of the trace, byte for byte (`tailReuse.ts` then takes the rest from the
 * night already run instead of running it again).
 *
 * Stricter than `futureKey.ts`, whose key is for a verdict: here everything the rest of the
 * trace prints must agree too.
 * - The queue: its entries in the order they pop (insertion numbers aside: every entry pushed
 *   later gets a higher one in both nights, so the order is the same).
 * - Every process, but for the decider's actor cache (a decider is its memo state and token,
 *   `replicaDecider.ts`: whether an actor runs beside it, and how far it lags, changes no
 *   reaction) and for the end of a pause that is over (read only while paused).
 * - The grants whole (services read them back), the open zombie window, the lanes' last
 *   views, the taken pauses, the applications' times, the database, the lock service's and
 *   the job's tables.
 * - The numbers the rest of the trace prints: the next message id and how many grants, runs
 *   and writes there are (a run's, a write's, a grant's id is its index).
 * What only the past wrote is not compared: the trace entries, the closed runs, the writes, the
 * violations, the closed zombie windows and the lanes' changes; nor `nowMs` and the machine
 * event count. Objects must list their keys in the same order, as the trace's JSON would. Pure.
 */
import type { AgendaItem } from '../agenda';
import { popOrder, type Scheduled } from '../eventQueue';
import type { ReplicaProcess } from '../replicaProcess';
import type { World, WorldCopy } from '../world';

/** `live` is a running night's World; `copy` a checkpoint's (its logs kept by length). */
export function sameTraceFuture(live: World, copy: WorldCopy): boolean {
  const saved = copy.state;
  if (
    live.truncatedAtMs !== saved.truncatedAtMs ||
    live.nextFreeMessageId !== saved.nextFreeMessageId ||
    live.highestAcceptedToken !== saved.highestAcceptedToken ||
    live.rowGrantId !== saved.rowGrantId ||
    live.grants.length !== saved.grants.length ||
    live.runs.length !== copy.logLengths.runs ||
    live.writes.length !== copy.logLengths.writes ||
    live.queue.heap.length !== saved.queue.heap.length ||
    live.processes.length !== saved.processes.length
  ) {
    return false;
  }
  for (let index = 0; index < live.grants.length; index++) {
    if (!sameData(live.grants[index], saved.grants[index])) return false;
  }
  for (let index = 0; index < live.processes.length; index++) {
    if (!sameProcess(live.processes[index] as ReplicaProcess, saved.processes[index] as ReplicaProcess)) return false;
  }
  const { windows: _liveWindows, ...liveZombies } = live.zombies;
  const { windows: _savedWindows, ...savedZombies } = saved.zombies;
  return (
    sameQueue(live.queue.heap, saved.queue.heap) &&
    sameData(liveZombies, savedZombies) &&
    sameData(live.services.last, saved.services.last) &&
    sameData(live.takenPauses, saved.takenPauses) &&
    sameData(live.appliedAtMs, saved.appliedAtMs) &&
    sameData(live.db, saved.db) &&
    sameData(live.lockState, saved.lockState) &&
    sameData(live.jobState, saved.jobState)
  );
}

function sameProcess(live: ReplicaProcess, saved: ReplicaProcess): boolean {
  const { decider: liveDecider, pausedUntilMs: liveUntilMs, ...liveRest } = live;
  const { decider: savedDecider, pausedUntilMs: savedUntilMs, ...savedRest } = saved;
  // A pause's end is read only while the process is paused (a new pause sets it afresh).
  if (live.proc === 'paused' && liveUntilMs !== savedUntilMs) return false;
  if (liveDecider === null || savedDecider === null) {
    if (liveDecider !== savedDecider) return false;
  } else if (
    liveDecider.reuseReactions !== savedDecider.reuseReactions ||
    liveDecider.token !== savedDecider.token ||
    liveDecider.plainActivity !== savedDecider.plainActivity ||
    !sameData(liveDecider.state, savedDecider.state) ||
    // The plain path (every event through the actor) keeps its state in the actor alone.
    !liveDecider.reuseReactions
  ) {
    return false;
  }
  return sameData(liveRest, savedRest);
}

function sameQueue(live: readonly Scheduled<AgendaItem>[], saved: readonly Scheduled<AgendaItem>[]): boolean {
  const liveOrder = live.slice().sort(popOrder);
  const savedOrder = saved.slice().sort(popOrder);
  for (let index = 0; index < liveOrder.length; index++) {
    const a = liveOrder[index] as Scheduled<AgendaItem>;
    const b = savedOrder[index] as Scheduled<AgendaItem>;
    if (
      a.atMs !== b.atMs ||
      a.eventClass !== b.eventClass ||
      a.replicaIndex !== b.replicaIndex ||
      !sameData(a.item, b.item)
    ) {
      return false;
    }
  }
  return true;
}

/** Deep equality of plain data, keys in the same order (records shared between the two states compare by identity first). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN never occurs in the engine's state; the two are different otherwise.
    return false;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameData(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  for (let index = 0; index < aKeys.length; index++) {
    const key = aKeys[index] as string;
    if (key !== bKeys[index]) return false;
    if (!sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
