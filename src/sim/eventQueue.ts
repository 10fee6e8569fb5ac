/**
 * The simulator's agenda: a binary min-heap ordered by `(atMs, eventClass, replicaIndex, seq)`
 * (DOMAIN.md §0): user-placed environment events before message deliveries before timers at
 * the same millisecond, replica A before B before C, then insertion order. `seq` makes the
 * order total, so the simulation is deterministic.
 */

export const EventClass = { environment: 1, delivery: 2, timer: 3 } as const;
export type EventClassValue = (typeof EventClass)[keyof typeof EventClass];

export interface Scheduled<T> {
  readonly atMs: number;
  readonly eventClass: EventClassValue;
  readonly replicaIndex: number;
  readonly seq: number;
  readonly item: T;
}

export class EventQueue<T> {
  readonly #heap: Scheduled<T>[] = [];
  #nextSeq = 0;
  readonly #capacity: number;

  /** `capacity` bounds the queue: a runaway schedule fails loudly instead of eating memory. */
  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#heap.length;
  }

  push(atMs: number, eventClass: EventClassValue, replicaIndex: number, item: T): void {
    if (this.#heap.length >= this.#capacity) throw new Error(`event queue over its bound of ${this.#capacity}`);
    const entry: Scheduled<T> = { atMs, eventClass, replicaIndex, seq: this.#nextSeq++, item };
    const heap = this.#heap;
    heap.push(entry);
    let child = heap.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      const parentEntry = heap[parent] as Scheduled<T>;
      if (!precedes(entry, parentEntry)) break;
      heap[child] = parentEntry;
      child = parent;
    }
    heap[child] = entry;
  }

  /** The next insertion number: `seq` of the next push. */
  get nextSeq(): number {
    return this.#nextSeq;
  }

  /** Every scheduled entry, in no particular order (entries are immutable: a checkpoint keeps them). */
  entries(): Scheduled<T>[] {
    return this.#heap.slice();
  }

  /**
   * Replaces the content with `entries` and the insertion counter with `nextSeq` (a restored
   * checkpoint). Sorted in queue order, the array is already a valid heap.
   */
  restore(entries: readonly Scheduled<T>[], nextSeq: number): void {
    if (entries.length > this.#capacity) throw new Error(`event queue over its bound of ${this.#capacity}`);
    const sorted = [...entries].sort((a, b) => (precedes(a, b) ? -1 : precedes(b, a) ? 1 : 0));
    this.#heap.length = 0;
    for (const entry of sorted) this.#heap.push(entry);
    this.#nextSeq = nextSeq;
  }

  peekAtMs(): number | null {
    return this.#heap.length > 0 ? (this.#heap[0] as Scheduled<T>).atMs : null;
  }

  pop(): Scheduled<T> | undefined {
    const heap = this.#heap;
    if (heap.length === 0) return undefined;
    const top = heap[0] as Scheduled<T>;
    const last = heap.pop() as Scheduled<T>;
    if (heap.length === 0) return top;
    let parent = 0;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      let smallest = left;
      if (right < heap.length && precedes(heap[right] as Scheduled<T>, heap[left] as Scheduled<T>)) smallest = right;
      const smallestEntry = heap[smallest] as Scheduled<T>;
      if (!precedes(smallestEntry, last)) break;
      heap[parent] = smallestEntry;
      parent = smallest;
    }
    heap[parent] = last;
    return top;
  }
}

function precedes<T>(a: Scheduled<T>, b: Scheduled<T>): boolean {
  if (a.atMs !== b.atMs) return a.atMs < b.atMs;
  if (a.eventClass !== b.eventClass) return a.eventClass < b.eventClass;
  if (a.replicaIndex !== b.replicaIndex) return a.replicaIndex < b.replicaIndex;
  return a.seq < b.seq;
}
