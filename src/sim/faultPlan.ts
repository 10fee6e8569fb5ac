/**
 * The faults of a night that the simulation consults as replicas act, rather than as agenda
 * events: starved renewers and partitions (spans per replica), pauses before a given write,
 * delayed writes; and where each request goes, for partitions. Built once from the scenario,
 * it holds no state of the night: which pauses-before-write were taken is the World's
 * (`World.takenPauses`).
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { RequestName } from './trace';

/** The services a replica talks to. */
export type LockService = 'db' | 'redis' | 'api' | 'cs';

interface Span {
  readonly fromMs: number;
  readonly toMs: number;
}

export class FaultPlan {
  readonly #lockKind: ResolvedScenario['lock']['kind'];
  readonly #starved: Span[][];
  readonly #partitions: Span[][];
  readonly #pausesBeforeWrite: { replica: string; order: number; forMs: number }[];
  readonly #delayedWrites: { replica: string; order: number; byMs: number }[];

  constructor(scenario: ResolvedScenario) {
    this.#lockKind = scenario.lock.kind;
    const spansOf = (type: 'starveRenewer' | 'partition') =>
      scenario.replicas.map((replica) =>
        scenario.events.flatMap((event) =>
          event.type === type && event.replica === replica.id ? [{ fromMs: event.fromMs, toMs: event.toMs }] : [],
        ),
      );
    this.#starved = spansOf('starveRenewer');
    this.#partitions = spansOf('partition');
    this.#pausesBeforeWrite = scenario.events.flatMap((event) =>
      event.type === 'pauseBeforeWrite' ? [{ replica: event.replica, order: event.order, forMs: event.forMs }] : [],
    );
    this.#delayedWrites = scenario.events.flatMap((event) =>
      event.type === 'delayWrite' ? [{ replica: event.replica, order: event.order, byMs: event.byMs }] : [],
    );
  }

  /** The starved-renewer span of this replica covering `atMs`, or null. */
  starvedSpan(replicaIndex: number, atMs: number): Span | null {
    return this.#starved[replicaIndex]?.find((span) => span.fromMs <= atMs && atMs < span.toMs) ?? null;
  }

  /** Where a request goes: the lock's statements to its service, everything else to the database. */
  serviceOf(request: RequestName): LockService {
    const kind = this.#lockKind;
    if (request === 'leaseTry' || request === 'leaseRenew') return 'api';
    const lockStatement = request === 'acquire' || request === 'holderCheck' || request === 'release';
    if (lockStatement && kind === 'redis') return 'redis';
    if (lockStatement && kind === 'lease') return 'api';
    if ((lockStatement || request === 'extend') && (kind === 'etcd' || kind === 'zookeeper')) return 'cs';
    return 'db';
  }

  /**
   * `partition` (FORMAT.md): the replica cannot reach the lock service in the span. For the
   * database-backed locks (`shedlock`, `advisory`) the lock service is the database itself,
   * storage included; Redis, the API server or the consensus cluster for the others; a night
   * without a lock has none to lose.
   */
  isPartitioned(replicaIndex: number, service: LockService, atMs: number): boolean {
    if (service !== this.#lockService()) return false;
    return this.#partitions[replicaIndex]?.some((span) => span.fromMs <= atMs && atMs < span.toMs) ?? false;
  }

  /** No pause-before-write taken yet (the World's `takenPauses` at the night's start). */
  noPausesTaken(): boolean[] {
    return this.#pausesBeforeWrite.map(() => false);
  }

  /** The pause waiting before this replica's first write of `order`, marked in `taken`; or null. */
  takePauseBeforeWrite(taken: boolean[], replica: string, order: number | undefined): number | null {
    const index = this.#pausesBeforeWrite.findIndex(
      (p, candidate) => !taken[candidate] && p.replica === replica && p.order === order,
    );
    const pause = this.#pausesBeforeWrite[index];
    if (!pause) return null;
    taken[index] = true;
    return pause.forMs;
  }

  /** Extra network delay of this replica's writes of `order`. */
  writeDelayMs(replica: string, order: number | undefined): number {
    let extraMs = 0;
    for (const delay of this.#delayedWrites) {
      if (delay.replica === replica && delay.order === order) extraMs += delay.byMs;
    }
    return extraMs;
  }

  #lockService(): LockService | null {
    switch (this.#lockKind) {
      case 'none':
        return null;
      case 'redis':
        return 'redis';
      case 'lease':
        return 'api';
      case 'etcd':
      case 'zookeeper':
        return 'cs';
      default:
        return 'db';
    }
  }
}
