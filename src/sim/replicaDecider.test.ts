/**
 * `ReplicaDecider` answers as the replica machine's actor does, event for event: the same
 * commands and the same state, whether a reaction is replayed from the memo or asked of a
 * lagging actor brought up to date.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReplicaEvent, ReplicaMachineInput } from '../machines/replicaMachine';
import { BASE_INPUT, replica, request } from '../machines/replicaMachine.testing';
import { forgetMachineReactions } from './reactionMemo';
import { activityOf, ReplicaDecider } from './replicaDecider';

/** A decider's runtime and its World-side state, driven as one. */
function newDecider(input: ReplicaMachineInput, reuseReactions: boolean) {
  const { state, decider } = ReplicaDecider.start(input, reuseReactions);
  return {
    send: (event: ReplicaEvent) => decider.send(state, event),
    get activity() {
      return activityOf(state);
    },
    get actorRunning() {
      return state.actorRunning;
    },
    stop: () => decider.stop(state),
  };
}

const inputArb: fc.Arbitrary<ReplicaMachineInput> = fc.record({
  usesLock: fc.boolean(),
  skipIfDone: fc.boolean(),
  fenceOnAcquire: fc.boolean(),
  mintTokenAfterLoad: fc.boolean(),
  holderCheck: fc.boolean(),
  onLockLost: fc.constantFrom('exit', 'cancel', 'continue'),
});

/** Few token values, so the same token comes back in context and event alike. */
const tokenArb = fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 4 }));

const eventArb: fc.Arbitrary<ReplicaEvent> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ type: 'TRIGGER' as const }) },
  { weight: 2, arbitrary: fc.boolean().map((done) => ({ type: 'DUE_REPLY' as const, done })) },
  { weight: 3, arbitrary: tokenArb.map((token) => ({ type: 'GRANTED' as const, token })) },
  { weight: 3, arbitrary: fc.constant({ type: 'DENIED' as const }) },
  { weight: 2, arbitrary: fc.boolean().map((ok) => ({ type: 'FENCE_REPLY' as const, ok })) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 })
      .map((pending) => ({ type: 'SNAPSHOT' as const, pending })),
  },
  { weight: 4, arbitrary: fc.constant({ type: 'WORK_DONE' as const }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }).map((token) => ({ type: 'TOKEN' as const, token })) },
  { weight: 1, arbitrary: fc.boolean().map((holder) => ({ type: 'HOLDER_REPLY' as const, holder })) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom('accepted', 'stale', 'duplicate')
      .map((result) => ({ type: 'WRITE_REPLY' as const, result: result as 'accepted' | 'stale' | 'duplicate' })),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'MARKED' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'RELEASED' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'LOCK_LOST' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'REQUEST_FAILED' as const }) },
);

/** A property over thousands of event sequences; the default 5 s is for unit tests. */
const PROPERTY_TIMEOUT_MS = 120_000;

describe('ReplicaDecider', () => {
  beforeEach(() => forgetMachineReactions());

  it(
    'emits what the actor emits and is where the actor is, after every event of random runs',
    () => {
      fc.assert(
        fc.property(
          inputArb,
          fc.array(fc.array(eventArb, { maxLength: 40 }), { minLength: 1, maxLength: 4 }),
          fc.boolean(),
          (input, runs, forget) => {
            if (forget) forgetMachineReactions();
            // Each run is a fresh replica (a restart); later runs meet what earlier ones taught the memo.
            for (const events of runs) {
              const decider = newDecider(input, true);
              const actor = replica(input);
              for (const event of events) {
                expect(decider.send(event)).toEqual(actor.send(event));
                expect(decider.activity).toBe(actor.state());
              }
              decider.stop();
            }
          },
        ),
        { numRuns: 1500, seed: 20261202 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'restored from a copy of its state and its actor’s persisted snapshot, answers as the original did',
    () => {
      fc.assert(
        fc.property(
          inputArb,
          fc.array(eventArb, { maxLength: 40 }),
          fc.array(eventArb, { maxLength: 40 }),
          fc.boolean(),
          fc.boolean(),
          (input, before, after, reuseReactions, forget) => {
            const { state, decider } = ReplicaDecider.start(input, reuseReactions);
            for (const event of before) decider.send(state, event);
            // A checkpoint: the World's part copied as plain data, the actor as its snapshot.
            const savedState = structuredClone(state);
            const savedActor = structuredClone(decider.savedActor());
            const expected = after.map((event) => [decider.send(state, event), activityOf(state)]);
            decider.stop(state);
            // The memo the checkpoint's states came from may be gone by the restore.
            if (forget) forgetMachineReactions();
            const restored = ReplicaDecider.restore(input, savedState, savedActor);
            expect(after.map((event) => [restored.send(savedState, event), activityOf(savedState)])).toEqual(expected);
            restored.stop(savedState);
          },
        ),
        { numRuns: 500, seed: 20261202 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('answers a denied poll it has seen without an actor', () => {
    const decider = newDecider(BASE_INPUT, true);
    const poll = () => [...decider.send({ type: 'TRIGGER' }), ...decider.send({ type: 'DENIED' })];
    const first = poll();
    expect(decider.actorRunning).toBe(true);
    // The first poll's actor answered both steps; the memo remembers them for the next replica.
    const decider2 = newDecider(BASE_INPUT, true);
    expect(decider2.send({ type: 'TRIGGER' })).toEqual(first.slice(0, 2));
    expect(decider2.actorRunning).toBe(false);
    expect(decider2.activity).toBe('acquiring');
    expect(decider2.send({ type: 'DENIED' })).toEqual(first.slice(2));
    expect(decider2.actorRunning).toBe(false);
    expect(decider2.activity).toBe('idle');
  });

  it('replays a run remembered with one token with the next grant’s token', () => {
    const run = (decider: ReturnType<typeof newDecider>, token: number) => [
      ...decider.send({ type: 'TRIGGER' }),
      ...decider.send({ type: 'GRANTED', token }),
      ...decider.send({ type: 'FENCE_REPLY', ok: true }),
      ...decider.send({ type: 'SNAPSHOT', pending: [0] }),
      ...decider.send({ type: 'WORK_DONE' }),
      ...decider.send({ type: 'WORK_DONE' }),
    ];
    const input = { ...BASE_INPUT, fenceOnAcquire: true };
    const learnt = run(newDecider(input, true), 7);
    expect(learnt).toContainEqual(request({ kind: 'fence', token: 7 }));
    expect(learnt).toContainEqual(request({ kind: 'write', itemIndex: 0, token: 7 }));
    const decider = newDecider(input, true);
    const replayed = run(decider, 8);
    expect(decider.actorRunning).toBe(false);
    expect(replayed).toContainEqual(request({ kind: 'fence', token: 8 }));
    expect(replayed).toContainEqual(request({ kind: 'write', itemIndex: 0, token: 8 }));
    // An event it has not seen brings the actor up to date first: it agrees with the replay.
    expect(decider.send({ type: 'WRITE_REPLY', result: 'stale' })).toEqual([request({ kind: 'release' })]);
    expect(decider.activity).toBe('releasing');
  });
});
