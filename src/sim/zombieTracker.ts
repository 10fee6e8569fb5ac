/**
 * I2, the zombie window (docs/model.md §8): a replica is a zombie while it still believes it holds
 * the lock although the lock has since been granted to another replica. Leaseline shades from
 * the takeover until the last zombie stops believing (S07: 02:05:10 to 02:07:50), which is
 * where the danger lies; two simultaneous believers are a special case of it.
 *
 * The tracker is plain data in the night's `World`; these functions change it in place.
 */
import type { ZombieWindow } from './trace';

export interface ZombieTracker {
  /** The replicas' ids, for the windows' names (the scenario's, never changed). */
  readonly replicaIds: readonly string[];
  /** Grant id each replica currently believes it holds; null when it believes nothing. */
  readonly believedGrant: (number | null)[];
  readonly zombie: boolean[];
  openFromMs: number | null;
  /** Replica indices of the open window's zombies and takers, each once. */
  openZombies: number[];
  openTakers: number[];
  /** Append-only: a window is never changed once closed. */
  windows: ZombieWindow[];
}

export function newZombieTracker(replicaIds: readonly string[]): ZombieTracker {
  return {
    replicaIds,
    believedGrant: replicaIds.map(() => null),
    zombie: replicaIds.map(() => false),
    openFromMs: null,
    openZombies: [],
    openTakers: [],
    windows: [],
  };
}

/** A grant to `replicaIndex`: everyone else still believing becomes a zombie. */
export function zombieGranted(tracker: ZombieTracker, replicaIndex: number, grantId: number, atMs: number): void {
  tracker.believedGrant[replicaIndex] = grantId;
  for (let other = 0; other < tracker.believedGrant.length; other++) {
    if (other === replicaIndex || tracker.believedGrant[other] === null || tracker.zombie[other]) continue;
    tracker.zombie[other] = true;
    if (tracker.openFromMs === null) tracker.openFromMs = atMs;
    addOnce(tracker.openZombies, other);
  }
  if (tracker.openFromMs !== null) addOnce(tracker.openTakers, replicaIndex);
}

/** The replica no longer believes it holds anything (released, aborted, crashed). */
export function stoppedBelieving(tracker: ZombieTracker, replicaIndex: number, atMs: number): void {
  if (tracker.believedGrant[replicaIndex] === null) return;
  tracker.believedGrant[replicaIndex] = null;
  if (!tracker.zombie[replicaIndex]) return;
  tracker.zombie[replicaIndex] = false;
  if (tracker.zombie.some(Boolean)) return;
  close(tracker, atMs);
}

/** Closes a window still open when the night ends. */
export function finishZombies(tracker: ZombieTracker, atMs: number): void {
  if (tracker.openFromMs !== null) close(tracker, atMs);
}

function addOnce(indices: number[], index: number): void {
  if (!indices.includes(index)) indices.push(index);
}

function close(tracker: ZombieTracker, atMs: number): void {
  if (tracker.openFromMs === null) return;
  const names = (indices: readonly number[]) =>
    [...new Set(indices)].sort((a, b) => a - b).map((index) => tracker.replicaIds[index] ?? '?');
  const zombies = names(tracker.openZombies);
  const takers = names(tracker.openTakers);
  const replicas = names([...tracker.openZombies, ...tracker.openTakers]);
  tracker.windows.push({ fromMs: tracker.openFromMs, toMs: atMs, replicas, zombies, takers });
  tracker.openFromMs = null;
  tracker.openZombies = [];
  tracker.openTakers = [];
}
