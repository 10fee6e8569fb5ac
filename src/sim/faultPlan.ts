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
export type LockEndpoint = 'db' | 'redis' | 'api' | 'cs';

/** The statements of the lock itself; every other request is the job's, at the database. */
const LOCK_REQUESTS: ReadonlySet<RequestName> = new Set<RequestName>([
  'acquire',
  'holderCheck',
  'release',
  'extend',
  'leaseTry',
  'leaseRenew',
]);

interface Span {
  readonly fromMs: number;
  readonly toMs: number;
}

export class FaultPlan {
  readonly #lockEndpoint: LockEndpoint | null;
  readonly #starved: Span[][];
  readonly #partitions: Span[][];
  readonly #pausesBeforeWrite: { replica: string; order: number; forMs: number }[];
  readonly #delayedWrites: { replica: string; order: number; byMs: number }[];

  /** `lockEndpoint`: where the night's lock service takes its statements (`LockService.endpoint`). */
  constructor(scenario: ResolvedScenario, lockEndpoint: LockEndpoint | null) {
    this.#lockEndpoint = lockEndpoint;
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
  serviceOf(request: RequestName): LockEndpoint {
    return LOCK_REQUESTS.has(request) ? (this.#lockEndpoint ?? 'db') : 'db';
  }

  /**
   * `partition` (docs/scenario-format.md): the replica cannot reach the lock service in the span. For the
   * database-backed locks (`shedlock`, `advisory`) the lock service is the database itself,
   * storage included; Redis, the API server or the consensus cluster for the others; a night
   * without a lock has none to lose.
   */
  isPartitioned(replicaIndex: number, service: LockEndpoint, atMs: number): boolean {
    if (service !== this.#lockEndpoint) return false;
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
}
