import { describe, expect, it } from 'vitest';
import type { ReplicaEvent } from '../machines/replicaMachine';
import { eventKey, eventKeyWritten } from './reactionMemo';

/** Every shape of event the replica machine takes, with each value its fields can have here. */
function everyEvent(): ReplicaEvent[] {
  const tokens = [null, 7, 8];
  return [
    { type: 'TRIGGER' },
    { type: 'DENIED' },
    { type: 'WORK_DONE' },
    { type: 'MARKED' },
    { type: 'RELEASED' },
    { type: 'LOCK_LOST' },
    { type: 'REQUEST_FAILED' },
    ...[true, false].flatMap((flag): ReplicaEvent[] => [
      { type: 'DUE_REPLY', done: flag },
      { type: 'FENCE_REPLY', ok: flag },
      { type: 'HOLDER_REPLY', holder: flag },
    ]),
    ...(['accepted', 'stale', 'duplicate'] as const).map((result): ReplicaEvent => ({ type: 'WRITE_REPLY', result })),
    ...tokens.map((token): ReplicaEvent => ({ type: 'GRANTED', token })),
    { type: 'TOKEN', token: 7 },
    { type: 'TOKEN', token: 8 },
    { type: 'SNAPSHOT', pending: [] },
    { type: 'SNAPSHOT', pending: [1001, 1004] },
  ];
}

describe('eventKey', () => {
  it('is the key written out field by field, for every event and context token', () => {
    for (const contextToken of [null, 7, 8]) {
      for (const event of everyEvent()) {
        expect(eventKey(event, contextToken), JSON.stringify({ event, contextToken })).toBe(
          eventKeyWritten(event, contextToken),
        );
      }
    }
  });

  it('tells apart what the machine may tell apart: each value, and a token by where it comes from', () => {
    // Against a context token of 7, every event listed is another reaction to ask for.
    const keys = new Set(everyEvent().map((event) => eventKey(event, 7)));
    expect(keys.size).toBe(everyEvent().length);
    expect(eventKey({ type: 'GRANTED', token: 7 }, 7)).not.toBe(eventKey({ type: 'GRANTED', token: 8 }, 7));
    expect(eventKey({ type: 'TOKEN', token: 8 }, 7)).toBe(eventKey({ type: 'TOKEN', token: 9 }, 7));
  });
});
