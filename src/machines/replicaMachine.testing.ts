/** Test helpers for the replica machine: a running actor that reports what each event made it emit. */
import { createActor } from 'xstate';
import { type ReplicaCommand, type ReplicaEvent, type ReplicaMachineInput, replicaMachine } from './replicaMachine';

export const BASE_INPUT: ReplicaMachineInput = {
  usesLock: true,
  skipIfDone: false,
  fenceOnAcquire: false,
  mintTokenAfterLoad: false,
  holderCheck: false,
  onLockLost: 'continue',
};

/** A running replica actor; `send` returns the commands that one event made the machine emit. */
export function replica(overrides: Partial<ReplicaMachineInput> = {}) {
  const actor = createActor(replicaMachine, { input: { ...BASE_INPUT, ...overrides } });
  let emitted: ReplicaCommand[] = [];
  actor.on('*', (command) => emitted.push(command));
  actor.start();
  return {
    actor,
    send(event: ReplicaEvent): ReplicaCommand[] {
      emitted = [];
      actor.send(event);
      return emitted;
    },
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

export const request = (req: Extract<ReplicaCommand, { type: 'request' }>['request']): ReplicaCommand => ({
  type: 'request',
  request: req,
});
export const work = (step: 'load' | 'compute' | 'markDone'): ReplicaCommand => ({ type: 'work', step });
export const ended = (outcome: 'done' | 'aborted' | 'skipped', reason: string): ReplicaCommand => ({
  type: 'run.ended',
  outcome,
  reason,
});

/** Drives a lock-holding replica from a trigger to the first compute step of `plan`. */
export function toFirstCompute(r: ReturnType<typeof replica>, token: number | null, plan: number[]): void {
  r.send({ type: 'TRIGGER' });
  r.send({ type: 'GRANTED', token });
  if (r.state() === 'fencing') r.send({ type: 'FENCE_REPLY', ok: true });
  r.send({ type: 'SNAPSHOT', pending: plan });
  r.send({ type: 'WORK_DONE' });
  if (r.state() !== 'computing') throw new Error(`expected computing, got ${String(r.state())}`);
}
