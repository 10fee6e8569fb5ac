import { describe, expect, it } from 'vitest';
import type { ReplicaCommand, ReplicaEvent } from './replicaMachine';
import { ended, replica, request, toFirstCompute, work } from './replicaMachine.testing';

describe('replicaMachine: before the lock', () => {
  it('starts idle and emits nothing on its own', () => {
    const r = replica();
    expect(r.state()).toBe('idle');
    expect(r.context()).toMatchObject({ token: null, plan: [], itemCursor: 0, cancelRequested: false });
  });

  it('skipIfDone: a done night ends the run as skipped/alreadyDone without asking for the lock', () => {
    const r = replica({ skipIfDone: true });
    expect(r.send({ type: 'TRIGGER' })).toEqual([{ type: 'run.started' }, request({ kind: 'dueCheck' })]);
    expect(r.state()).toBe('dueCheck');
    expect(r.send({ type: 'DUE_REPLY', done: true })).toEqual([ended('skipped', 'alreadyDone')]);
    expect(r.state()).toBe('idle');
  });

  it('skipIfDone: a night not yet done goes on to acquire', () => {
    const r = replica({ skipIfDone: true });
    r.send({ type: 'TRIGGER' });
    expect(r.send({ type: 'DUE_REPLY', done: false })).toEqual([request({ kind: 'acquire' })]);
    expect(r.state()).toBe('acquiring');
  });

  it('denied: skips tonight (no wait, no retry) with reason locked (F1)', () => {
    const r = replica();
    expect(r.send({ type: 'TRIGGER' })).toEqual([{ type: 'run.started' }, request({ kind: 'acquire' })]);
    expect(r.send({ type: 'DENIED' })).toEqual([ended('skipped', 'locked')]);
    expect(r.state()).toBe('idle');
  });

  it('ignores replies that do not belong to its state', () => {
    const r = replica();
    expect(r.send({ type: 'GRANTED', token: 7 })).toEqual([]);
    expect(r.send({ type: 'WORK_DONE' })).toEqual([]);
    expect(r.state()).toBe('idle');
  });
});

describe('replicaMachine: fence on acquire', () => {
  it('granted with a token fences first, then loads', () => {
    const r = replica({ fenceOnAcquire: true });
    r.send({ type: 'TRIGGER' });
    expect(r.send({ type: 'GRANTED', token: 7 })).toEqual([request({ kind: 'fence', token: 7 })]);
    expect(r.state()).toBe('fencing');
    expect(r.context().token).toBe(7);
    expect(r.send({ type: 'FENCE_REPLY', ok: true })).toEqual([request({ kind: 'load' })]);
    expect(r.state()).toBe('loading');
  });

  it('granted without a token has nothing to fence with and loads at once', () => {
    const r = replica({ fenceOnAcquire: true });
    r.send({ type: 'TRIGGER' });
    expect(r.send({ type: 'GRANTED', token: null })).toEqual([request({ kind: 'load' })]);
    expect(r.state()).toBe('loading');
  });

  it('a stale fence aborts before loading: release, then run.ended aborted/stale', () => {
    const r = replica({ fenceOnAcquire: true });
    r.send({ type: 'TRIGGER' });
    r.send({ type: 'GRANTED', token: 7 });
    expect(r.send({ type: 'FENCE_REPLY', ok: false })).toEqual([request({ kind: 'release' })]);
    expect(r.state()).toBe('releasing');
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('aborted', 'stale')]);
    expect(r.state()).toBe('idle');
  });
});

describe('replicaMachine: a whole run', () => {
  it('happy path over two items: fence, load, compute/write ×2, mark done, release, done', () => {
    const r = replica({ fenceOnAcquire: true });
    const steps: [ReplicaEvent, string, ReplicaCommand[]][] = [
      [{ type: 'TRIGGER' }, 'acquiring', [{ type: 'run.started' }, request({ kind: 'acquire' })]],
      [{ type: 'GRANTED', token: 7 }, 'fencing', [request({ kind: 'fence', token: 7 })]],
      [{ type: 'FENCE_REPLY', ok: true }, 'loading', [request({ kind: 'load' })]],
      [{ type: 'SNAPSHOT', pending: [2, 4] }, 'loading', [work('load')]],
      [{ type: 'WORK_DONE' }, 'computing', [work('compute')]],
      [{ type: 'WORK_DONE' }, 'writing', [request({ kind: 'write', itemIndex: 2, token: 7 })]],
      [{ type: 'WRITE_REPLY', result: 'accepted' }, 'computing', [work('compute')]],
      [{ type: 'WORK_DONE' }, 'writing', [request({ kind: 'write', itemIndex: 4, token: 7 })]],
      [{ type: 'WRITE_REPLY', result: 'accepted' }, 'markingDone', [work('markDone')]],
      [{ type: 'WORK_DONE' }, 'recording', [request({ kind: 'markDone' })]],
      [{ type: 'MARKED' }, 'releasing', [request({ kind: 'release' })]],
      [{ type: 'RELEASED' }, 'idle', [ended('done', 'done')]],
    ];
    for (const [event, state, commands] of steps) {
      expect({ event: event.type, commands: r.send(event), state: r.state() }).toEqual({
        event: event.type,
        commands,
        state,
      });
    }
    expect(r.context()).toMatchObject({ token: null, plan: [], itemCursor: 0, loaded: false, aborting: false });
  });

  it('a duplicate reply counts as done for that item and moves on', () => {
    const r = replica();
    toFirstCompute(r, null, [0, 1]);
    r.send({ type: 'WORK_DONE' });
    expect(r.send({ type: 'WRITE_REPLY', result: 'duplicate' })).toEqual([work('compute')]);
    expect(r.state()).toBe('computing');
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'write', itemIndex: 1, token: null })]);
  });

  it('an empty snapshot goes straight to marking done', () => {
    const r = replica();
    r.send({ type: 'TRIGGER' });
    r.send({ type: 'GRANTED', token: null });
    r.send({ type: 'SNAPSHOT', pending: [] });
    expect(r.send({ type: 'WORK_DONE' })).toEqual([work('markDone')]);
    expect(r.state()).toBe('markingDone');
  });

  it('a stale write aborts the run: no further item, release, run.ended aborted/stale', () => {
    const r = replica();
    toFirstCompute(r, 7, [2, 3, 4]);
    r.send({ type: 'WORK_DONE' });
    expect(r.send({ type: 'WRITE_REPLY', result: 'stale' })).toEqual([request({ kind: 'release' })]);
    expect(r.state()).toBe('releasing');
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('aborted', 'stale')]);
  });

  it('holder check: the write goes out only after a positive check', () => {
    const r = replica({ holderCheck: true });
    toFirstCompute(r, 7, [0]);
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'holderCheck' })]);
    expect(r.state()).toBe('checkingHolder');
    expect(r.send({ type: 'HOLDER_REPLY', holder: true })).toEqual([
      request({ kind: 'write', itemIndex: 0, token: 7 }),
    ]);
    expect(r.state()).toBe('writing');
  });

  it('holder check false: abort without writing, reason notHolder', () => {
    const r = replica({ holderCheck: true });
    toFirstCompute(r, 7, [0, 1]);
    r.send({ type: 'WORK_DONE' });
    expect(r.send({ type: 'HOLDER_REPLY', holder: false })).toEqual([request({ kind: 'release' })]);
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('aborted', 'notHolder')]);
  });

  it('lock none: no acquire and no release, the run ends on MARKED', () => {
    const r = replica({ usesLock: false });
    const all: ReplicaCommand[] = [];
    all.push(...r.send({ type: 'TRIGGER' }));
    expect(r.state()).toBe('loading');
    expect(all).toEqual([{ type: 'run.started' }, request({ kind: 'load' })]);
    all.push(...r.send({ type: 'SNAPSHOT', pending: [0] }));
    all.push(...r.send({ type: 'WORK_DONE' }));
    all.push(...r.send({ type: 'WORK_DONE' }));
    all.push(...r.send({ type: 'WRITE_REPLY', result: 'accepted' }));
    all.push(...r.send({ type: 'WORK_DONE' }));
    expect(r.send({ type: 'MARKED' })).toEqual([ended('done', 'done')]);
    expect(r.state()).toBe('idle');
    const kinds = all.flatMap((command) => (command.type === 'request' ? [command.request.kind] : []));
    expect(kinds).toEqual(['load', 'write', 'markDone']);
  });

  it('lock none with skipIfDone: a night not done goes straight to loading', () => {
    const r = replica({ usesLock: false, skipIfDone: true });
    r.send({ type: 'TRIGGER' });
    expect(r.send({ type: 'DUE_REPLY', done: false })).toEqual([request({ kind: 'load' })]);
    expect(r.state()).toBe('loading');
  });

  it('lock none: a stale write ends the run at once, with no release', () => {
    const r = replica({ usesLock: false });
    toFirstCompute(r, null, [0, 1]);
    r.send({ type: 'WORK_DONE' });
    expect(r.send({ type: 'WRITE_REPLY', result: 'stale' })).toEqual([ended('aborted', 'stale')]);
    expect(r.state()).toBe('idle');
  });

  it('a second run starts clean after the first one', () => {
    const r = replica({ fenceOnAcquire: true });
    r.send({ type: 'TRIGGER' });
    r.send({ type: 'GRANTED', token: 7 });
    r.send({ type: 'FENCE_REPLY', ok: false });
    r.send({ type: 'RELEASED' });
    r.send({ type: 'TRIGGER' });
    expect(r.send({ type: 'GRANTED', token: 8 })).toEqual([request({ kind: 'fence', token: 8 })]);
    expect(r.send({ type: 'FENCE_REPLY', ok: true })).toEqual([request({ kind: 'load' })]);
    expect(r.context().aborting).toBe(false);
  });
});

describe('replicaMachine: token minted after loading (S20 anti-pattern)', () => {
  it('loads first, then mints, then fences with the minted token, then computes', () => {
    const r = replica({ fenceOnAcquire: true, mintTokenAfterLoad: true });
    r.send({ type: 'TRIGGER' });
    expect(r.send({ type: 'GRANTED', token: null })).toEqual([request({ kind: 'load' })]);
    expect(r.send({ type: 'SNAPSHOT', pending: [1] })).toEqual([work('load')]);
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'mintToken' })]);
    expect(r.state()).toBe('minting');
    expect(r.send({ type: 'TOKEN', token: 9 })).toEqual([request({ kind: 'fence', token: 9 })]);
    expect(r.state()).toBe('fencing');
    expect(r.send({ type: 'FENCE_REPLY', ok: true })).toEqual([work('compute')]);
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'write', itemIndex: 1, token: 9 })]);
  });

  it('without fence on acquire, the minted token goes straight into the writes', () => {
    const r = replica({ mintTokenAfterLoad: true });
    r.send({ type: 'TRIGGER' });
    r.send({ type: 'GRANTED', token: null });
    r.send({ type: 'SNAPSHOT', pending: [3] });
    r.send({ type: 'WORK_DONE' });
    expect(r.send({ type: 'TOKEN', token: 9 })).toEqual([work('compute')]);
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'write', itemIndex: 3, token: 9 })]);
  });

  it('a stale fence after minting aborts with reason stale', () => {
    const r = replica({ fenceOnAcquire: true, mintTokenAfterLoad: true });
    r.send({ type: 'TRIGGER' });
    r.send({ type: 'GRANTED', token: null });
    r.send({ type: 'SNAPSHOT', pending: [1] });
    r.send({ type: 'WORK_DONE' });
    r.send({ type: 'TOKEN', token: 9 });
    expect(r.send({ type: 'FENCE_REPLY', ok: false })).toEqual([request({ kind: 'release' })]);
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('aborted', 'stale')]);
  });
});
