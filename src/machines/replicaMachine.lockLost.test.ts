import { describe, expect, it } from 'vitest';
import type { OnLockLost } from '../model/resolvedScenario';
import type { ReplicaCommand } from './replicaMachine';
import { ended, replica, request, toFirstCompute, work } from './replicaMachine.testing';

describe('replicaMachine: LOCK_LOST policies (docs/model.md §4 rows 16-18)', () => {
  const lockLost = (policy: OnLockLost): ReplicaCommand => ({ type: 'lockLost', policy });

  it('exit: reports and asks the process to exit, mid-step', () => {
    const r = replica({ onLockLost: 'exit' });
    toFirstCompute(r, 7, [0, 1]);
    expect(r.send({ type: 'LOCK_LOST' })).toEqual([lockLost('exit'), { type: 'exit' }]);
  });

  it('continue: only reports; the run goes on to done (ShedLock KeepAlive, F7)', () => {
    const r = replica({ onLockLost: 'continue' });
    toFirstCompute(r, 7, [0]);
    expect(r.send({ type: 'LOCK_LOST' })).toEqual([lockLost('continue')]);
    expect(r.state()).toBe('computing');
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'write', itemIndex: 0, token: 7 })]);
    expect(r.send({ type: 'WRITE_REPLY', result: 'accepted' })).toEqual([work('markDone')]);
    r.send({ type: 'WORK_DONE' });
    r.send({ type: 'MARKED' });
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('done', 'done')]);
  });

  it('cancel during compute: the step finishes, no write goes out, abort with reason lockLost', () => {
    const r = replica({ onLockLost: 'cancel' });
    toFirstCompute(r, 7, [0, 1]);
    expect(r.send({ type: 'LOCK_LOST' })).toEqual([lockLost('cancel')]);
    expect(r.state()).toBe('computing');
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'release' })]);
    expect(r.state()).toBe('releasing');
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('aborted', 'lockLost')]);
  });

  it('cancel during load: aborts when the load finishes, before any compute', () => {
    const r = replica({ onLockLost: 'cancel' });
    r.send({ type: 'TRIGGER' });
    r.send({ type: 'GRANTED', token: 7 });
    r.send({ type: 'SNAPSHOT', pending: [0, 1] });
    r.send({ type: 'LOCK_LOST' });
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'release' })]);
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('aborted', 'lockLost')]);
  });

  it('cancel while a write is in flight: the write stands, the next compute never starts', () => {
    const r = replica({ onLockLost: 'cancel' });
    toFirstCompute(r, 7, [0, 1]);
    r.send({ type: 'WORK_DONE' });
    r.send({ type: 'LOCK_LOST' });
    expect(r.send({ type: 'WRITE_REPLY', result: 'accepted' })).toEqual([request({ kind: 'release' })]);
    expect(r.state()).toBe('releasing');
  });

  it('cancel while a write is in flight ends the run with reason lockLost, not stale', () => {
    const r = replica({ onLockLost: 'cancel' });
    toFirstCompute(r, 7, [0, 1]);
    r.send({ type: 'WORK_DONE' });
    r.send({ type: 'LOCK_LOST' });
    r.send({ type: 'WRITE_REPLY', result: 'accepted' });
    // The write was accepted: nothing was stale, the run stopped because the lock was lost.
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('aborted', 'lockLost')]);
  });

  it('cancel during fence on acquire ends the run with reason lockLost, not stale', () => {
    const r = replica({ onLockLost: 'cancel', fenceOnAcquire: true });
    r.send({ type: 'TRIGGER' });
    r.send({ type: 'GRANTED', token: 7 });
    r.send({ type: 'LOCK_LOST' });
    expect(r.send({ type: 'FENCE_REPLY', ok: true })).toEqual([request({ kind: 'release' })]);
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('aborted', 'lockLost')]);
  });

  it('cancel during the holder check: the boundary before WRITE is honoured, no write is sent', () => {
    const r = replica({ onLockLost: 'cancel', holderCheck: true });
    toFirstCompute(r, 7, [0, 1]);
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'holderCheck' })]);
    r.send({ type: 'LOCK_LOST' });
    expect(r.send({ type: 'HOLDER_REPLY', holder: true })).toEqual([request({ kind: 'release' })]);
  });

  it('cancel after the last write is not honoured once marking done has begun', () => {
    const r = replica({ onLockLost: 'cancel' });
    toFirstCompute(r, 7, [0]);
    r.send({ type: 'WORK_DONE' });
    r.send({ type: 'WRITE_REPLY', result: 'accepted' });
    expect(r.state()).toBe('markingDone');
    r.send({ type: 'LOCK_LOST' });
    expect(r.send({ type: 'WORK_DONE' })).toEqual([request({ kind: 'markDone' })]);
    r.send({ type: 'MARKED' });
    expect(r.send({ type: 'RELEASED' })).toEqual([ended('done', 'done')]);
  });

  it.each<OnLockLost>(['exit', 'cancel', 'continue'])('%s: a verdict arriving in idle concerns no run', (policy) => {
    const r = replica({ onLockLost: policy });
    expect(r.send({ type: 'LOCK_LOST' })).toEqual([]);
    expect(r.context().cancelRequested).toBe(false);
  });

  it('cancel before any grant does not abort the next run (idle keeps a fresh context)', () => {
    const r = replica({ onLockLost: 'cancel' });
    r.send({ type: 'TRIGGER' });
    r.send({ type: 'LOCK_LOST' });
    r.send({ type: 'DENIED' });
    expect(r.state()).toBe('idle');
    r.send({ type: 'TRIGGER' });
    // The lost lock belonged to no run of ours; the next grant must lead to a load.
    expect(r.send({ type: 'GRANTED', token: 8 })).toEqual([request({ kind: 'load' })]);
  });

  it('a cancelled run leaves no cancel flag behind for the next run', () => {
    const r = replica({ onLockLost: 'cancel' });
    toFirstCompute(r, 7, [0]);
    r.send({ type: 'LOCK_LOST' });
    r.send({ type: 'WORK_DONE' });
    r.send({ type: 'RELEASED' });
    expect(r.context().cancelRequested).toBe(false);
    r.send({ type: 'TRIGGER' });
    r.send({ type: 'GRANTED', token: 8 });
    r.send({ type: 'SNAPSHOT', pending: [0] });
    expect(r.send({ type: 'WORK_DONE' })).toEqual([work('compute')]);
  });
});

describe('replicaMachine: requests that time out (partition)', () => {
  it('a trigger that cannot reach the lock service skips the run as unreachable', () => {
    const r = replica();
    r.send({ type: 'TRIGGER' });
    expect(r.state()).toBe('acquiring');
    expect(r.send({ type: 'REQUEST_FAILED' })).toEqual([ended('skipped', 'unreachable')]);
    expect(r.state()).toBe('idle');
  });

  it('a write that times out aborts the run, which still tries to release', () => {
    const r = replica();
    toFirstCompute(r, 7, [0, 1]);
    r.send({ type: 'WORK_DONE' });
    expect(r.state()).toBe('writing');
    expect(r.send({ type: 'REQUEST_FAILED' })).toEqual([request({ kind: 'release' })]);
    expect(r.state()).toBe('releasing');
    // The release is lost too: the lock is left to expire, and the run ends aborted.
    expect(r.send({ type: 'REQUEST_FAILED' })).toEqual([ended('aborted', 'unreachable')]);
    expect(r.state()).toBe('idle');
  });
});
