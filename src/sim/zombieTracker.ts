/**
 * I2, the zombie window (DOMAIN.md §8): a replica is a zombie while it still believes it holds
 * the lock although the lock has since been granted to another replica. Leaseline shades from
 * the takeover until the last zombie stops believing (S07: 02:05:10 to 02:07:50), which is
 * where the danger lies; two simultaneous believers are a special case of it.
 */
import type { ZombieWindow } from './trace';

export interface ZombieCheckpoint {
  readonly believedGrant: readonly (number | null)[];
  readonly zombie: readonly boolean[];
  readonly openFromMs: number | null;
  readonly openZombies: readonly number[];
  readonly openTakers: readonly number[];
  /** The array the windows were appended to; its first `windowCount` are the checkpoint's. */
  readonly windows: readonly ZombieWindow[];
  readonly windowCount: number;
}

export class ZombieTracker {
  /** Grant id each replica currently believes it holds; null when it believes nothing. */
  readonly #believedGrant: (number | null)[];
  readonly #zombie: boolean[];
  readonly #replicaIds: readonly string[];
  #openFromMs: number | null = null;
  #openZombies = new Set<number>();
  #openTakers = new Set<number>();
  windows: ZombieWindow[] = [];

  constructor(replicaIds: readonly string[]) {
    this.#replicaIds = replicaIds;
    this.#believedGrant = replicaIds.map(() => null);
    this.#zombie = replicaIds.map(() => false);
  }

  /** What the tracker holds now (`windows` by count: windows are only ever appended). */
  checkpoint(): ZombieCheckpoint {
    return {
      believedGrant: this.#believedGrant.slice(),
      zombie: this.#zombie.slice(),
      openFromMs: this.#openFromMs,
      openZombies: [...this.#openZombies],
      openTakers: [...this.#openTakers],
      windows: this.windows,
      windowCount: this.windows.length,
    };
  }

  /** Back to `saved`; the windows become a new array (a finished night's trace keeps the old one). */
  restore(saved: ZombieCheckpoint): void {
    saved.believedGrant.forEach((grant, index) => {
      this.#believedGrant[index] = grant;
    });
    saved.zombie.forEach((zombie, index) => {
      this.#zombie[index] = zombie;
    });
    this.#openFromMs = saved.openFromMs;
    this.#openZombies = new Set(saved.openZombies);
    this.#openTakers = new Set(saved.openTakers);
    this.windows = saved.windows.slice(0, saved.windowCount);
  }

  /** A grant to `replicaIndex`: everyone else still believing becomes a zombie. */
  granted(replicaIndex: number, grantId: number, atMs: number): void {
    this.#believedGrant[replicaIndex] = grantId;
    for (let other = 0; other < this.#believedGrant.length; other++) {
      if (other === replicaIndex || this.#believedGrant[other] === null || this.#zombie[other]) continue;
      this.#zombie[other] = true;
      if (this.#openFromMs === null) this.#openFromMs = atMs;
      this.#openZombies.add(other);
    }
    if (this.#openFromMs !== null) this.#openTakers.add(replicaIndex);
  }

  /** The replica no longer believes it holds anything (released, aborted, crashed). */
  stoppedBelieving(replicaIndex: number, atMs: number): void {
    if (this.#believedGrant[replicaIndex] === null) return;
    this.#believedGrant[replicaIndex] = null;
    if (!this.#zombie[replicaIndex]) return;
    this.#zombie[replicaIndex] = false;
    if (this.#zombie.some(Boolean)) return;
    this.#close(atMs);
  }

  /** Closes a window still open when the night ends. */
  finish(atMs: number): void {
    if (this.#openFromMs !== null) this.#close(atMs);
  }

  #close(atMs: number): void {
    if (this.#openFromMs === null) return;
    const names = (indices: Set<number>) =>
      [...indices].sort((a, b) => a - b).map((index) => this.#replicaIds[index] ?? '?');
    const zombies = names(this.#openZombies);
    const takers = names(this.#openTakers);
    const replicas = names(new Set([...this.#openZombies, ...this.#openTakers]));
    this.windows.push({ fromMs: this.#openFromMs, toMs: atMs, replicas, zombies, takers });
    this.#openFromMs = null;
    this.#openZombies = new Set();
    this.#openTakers = new Set();
  }
}
