import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EventClass,
  type EventClassValue,
  emptyQueue,
  peekAtMs,
  popEntry,
  pushEntry,
  type Scheduled,
} from './eventQueue';

/** The queue's functions over one plain-data queue bounded by `capacity`. */
function boundedQueue<T>(capacity: number) {
  const queue = emptyQueue<T>();
  return {
    push: (atMs: number, eventClass: EventClassValue, replicaIndex: number, item: T) =>
      pushEntry(queue, capacity, atMs, eventClass, replicaIndex, item),
    pop: (): Scheduled<T> | undefined => popEntry(queue),
    peekAtMs: () => peekAtMs(queue),
    get size(): number {
      return queue.heap.length;
    },
  };
}

const classArb = fc.constantFrom<EventClassValue>(EventClass.environment, EventClass.delivery, EventClass.timer);

function drain<T>(queue: ReturnType<typeof boundedQueue<T>>): T[] {
  const out: T[] = [];
  for (let item = queue.pop(); item !== undefined; item = queue.pop()) out.push(item.item);
  return out;
}

describe('EventQueue', () => {
  it('orders same-instant entries by class, then replica, then insertion', () => {
    const queue = boundedQueue<string>(16);
    queue.push(100, EventClass.timer, 0, 'timer A');
    queue.push(100, EventClass.delivery, 2, 'delivery C');
    queue.push(100, EventClass.delivery, 0, 'delivery A first');
    queue.push(100, EventClass.environment, 1, 'environment B');
    queue.push(100, EventClass.delivery, 0, 'delivery A second');
    queue.push(99, EventClass.timer, 2, 'earlier');
    expect(drain(queue)).toEqual([
      'earlier',
      'environment B',
      'delivery A first',
      'delivery A second',
      'delivery C',
      'timer A',
    ]);
  });

  it('reports size and the next instant, and pops undefined when empty', () => {
    const queue = boundedQueue<number>(4);
    expect(queue.peekAtMs()).toBeNull();
    expect(queue.pop()).toBeUndefined();
    queue.push(30, EventClass.timer, 0, 1);
    queue.push(10, EventClass.timer, 0, 2);
    expect(queue.size).toBe(2);
    expect(queue.peekAtMs()).toBe(10);
    expect(queue.pop()?.seq).toBe(1);
    expect(queue.size).toBe(1);
  });

  it('throws past its capacity and accepts again after a pop', () => {
    const queue = boundedQueue<number>(2);
    queue.push(1, EventClass.timer, 0, 1);
    queue.push(2, EventClass.timer, 0, 2);
    expect(() => queue.push(3, EventClass.timer, 0, 3)).toThrow(/bound of 2/);
    expect(queue.size).toBe(2);
    queue.pop();
    queue.push(3, EventClass.timer, 0, 3);
    expect(drain(queue)).toEqual([2, 3]);
  });

  it('pops in (atMs, eventClass, replicaIndex, seq) order, like a sorted array (property)', () => {
    const entryArb = fc.record({
      atMs: fc.integer({ min: 0, max: 20 }),
      eventClass: classArb,
      replicaIndex: fc.integer({ min: -1, max: 3 }),
    });
    // Interleave pops with pushes so the heap is exercised in every shape, not only when full.
    const opArb = fc.oneof({ weight: 3, arbitrary: entryArb }, { weight: 1, arbitrary: fc.constant('pop' as const) });
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), (ops) => {
        const queue = boundedQueue<number>(1_000);
        const model: { atMs: number; eventClass: number; replicaIndex: number; seq: number }[] = [];
        const byOrder = (
          a: { atMs: number; eventClass: number; replicaIndex: number; seq: number },
          b: { atMs: number; eventClass: number; replicaIndex: number; seq: number },
        ) => a.atMs - b.atMs || a.eventClass - b.eventClass || a.replicaIndex - b.replicaIndex || a.seq - b.seq;
        let seq = 0;
        for (const op of [...ops, ...ops.map(() => 'pop' as const)]) {
          if (op === 'pop') {
            model.sort(byOrder);
            const expected = model.shift();
            const popped = queue.pop();
            expect(popped?.item).toBe(expected?.seq);
            if (popped && expected) expect(popped.seq).toBe(expected.seq);
          } else {
            queue.push(op.atMs, op.eventClass, op.replicaIndex, seq);
            model.push({ ...op, seq });
            seq += 1;
          }
          expect(queue.size).toBe(model.length);
        }
        expect(queue.size).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
