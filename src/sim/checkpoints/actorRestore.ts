/**
 * The one place a replica actor is saved and brought back (checkpoints, `checkpoint.ts`).
 * XState 5's persisted snapshot holds the machine's whole state (value, context, status), and
 * `createActor(machine, { snapshot })` resumes it without running entry actions again, so a
 * restored actor answers every later event exactly as the saved one would have. The format is
 * XState's own: `xstate` stays pinned exactly in package.json.
 */
import { type Actor, createActor } from 'xstate';
import { type ReplicaCommand, type ReplicaMachineInput, replicaMachine } from '../../machines/replicaMachine';

export type SavedActor = ReturnType<Actor<typeof replicaMachine>['getPersistedSnapshot']>;

/** The actor's state as data; the actor itself may go on running. */
export function saveActor(actor: Actor<typeof replicaMachine>): SavedActor {
  return actor.getPersistedSnapshot();
}

/** A running actor in the saved state, its emitted commands going to `sink`. */
export function restoreActor(
  saved: SavedActor,
  input: ReplicaMachineInput,
  sink: (command: ReplicaCommand) => void,
): Actor<typeof replicaMachine> {
  const actor = createActor(replicaMachine, { input, snapshot: saved });
  actor.on('*', sink);
  actor.start();
  return actor;
}
