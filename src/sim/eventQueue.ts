/**
 * The simulator's agenda: a binary min-heap ordered by `(atMs, eventClass, replicaIndex, seq)`
 * (docs/model.md §0): user-placed environment events before message deliveries before timers at
 * the same millisecond, replica A before B before C, then insertion order. `seq` makes the
 * order total, so the simulation is deterministic.
 *
 * The queue is plain data (an array in heap order and the next insertion number), part of the
 * night's `World`, and these functions change it in place: a checkpoint copies the array (the
 * entries themselves are never changed once pushed).
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

export interface EventQueue<T> {
  /** The entries in heap order: `heap[0]` is the next to pop. */
  heap: Scheduled<T>[];
  /** The next insertion number: `seq` of the next push. */
  nextSeq: number;
}

export const emptyQueue = <T>(): EventQueue<T> => ({ heap: [], nextSeq: 0 });

/** `capacity` bounds the queue: a runaway schedule fails loudly instead of eating memory. */
export function pushEntry<T>(
  queue: EventQueue<T>,
  capacity: number,
  atMs: number,
  eventClass: EventClassValue,
  replicaIndex: number,
  item: T,
): void {
  const heap = queue.heap;
  if (heap.length >= capacity) throw new Error(`event queue over its bound of ${capacity}`);
  const entry: Scheduled<T> = { atMs, eventClass, replicaIndex, seq: queue.nextSeq++, item };
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

/**
 * A queue holding `entries` (in any order) whose next insertion number is `nextSeq` (a
 * restored checkpoint). Sorted in queue order, the array is already a valid heap.
 */
export function queueOf<T>(entries: readonly Scheduled<T>[], nextSeq: number, capacity: number): EventQueue<T> {
  if (entries.length > capacity) throw new Error(`event queue over its bound of ${capacity}`);
  const heap = [...entries].sort((a, b) => (precedes(a, b) ? -1 : precedes(b, a) ? 1 : 0));
  return { heap, nextSeq };
}

export function peekAtMs<T>(queue: EventQueue<T>): number | null {
  return queue.heap.length > 0 ? (queue.heap[0] as Scheduled<T>).atMs : null;
}

export function popEntry<T>(queue: EventQueue<T>): Scheduled<T> | undefined {
  const heap = queue.heap;
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

function precedes<T>(a: Scheduled<T>, b: Scheduled<T>): boolean {
  if (a.atMs !== b.atMs) return a.atMs < b.atMs;
  if (a.eventClass !== b.eventClass) return a.eventClass < b.eventClass;
  if (a.replicaIndex !== b.replicaIndex) return a.replicaIndex < b.replicaIndex;
  return a.seq < b.seq;
}

/** The queue's order as a comparator (`Array.prototype.sort`): entries listed in the order they pop. */
export function popOrder<T>(a: Scheduled<T>, b: Scheduled<T>): number {
  return a.atMs - b.atMs || a.eventClass - b.eventClass || a.replicaIndex - b.replicaIndex || a.seq - b.seq;
}
