/**
 * One replica's decisions: its XState actor, consulted through the night's `ReactionMemo`.
 *
 * `send(state, event)` returns the commands the machine emits for the event and leaves the
 * activity at the machine's new state, exactly as `actor.send(event)` would. A reaction the
 * memo has seen is replayed without the actor, which then lags behind: it keeps the events it
 * was spared. An unseen reaction brings the actor up to date (replaying those events, their
 * commands already carried out, so dropped) and asks it; the memo remembers the answer.
 * Whenever the replica is back in the machine's initial snapshot (idle, fresh context: after
 * every run and every skipped poll) the lagging actor is dropped, so the events kept stay few;
 * a new actor starts from the same snapshot when one is needed again.
 *
 * Where the decider is belongs to the night's `World` as plain data (`DeciderState`: memo
 * states by name, token, lag); the actor, the memo and the memo states' objects are a runtime
 * cache beside it (`ReplicaDecider`), rebuilt from that data and the actor's persisted
 * snapshot on a restore. Only this module changes a `DeciderState`, always together with its
 * cache, so the two never disagree.
 *
 * With `reuseReactions` off every event goes to the actor: the plain path the memo is
 * checked against (tests/machineReactions.property.test.ts).
 */
import type { Actor } from 'xstate';
import type {
  ReplicaActivity,
  ReplicaCommand,
  ReplicaEvent,
  ReplicaMachineInput,
  replicaMachine,
} from '../machines/replicaMachine';
import { restoreActor, type SavedActor, saveActor } from './checkpoints/actorRestore';
import {
  eventKey,
  type MemoState,
  type MemoStateName,
  type ReactionMemo,
  reactionMemoFor,
  replayCommands,
  stateKey,
  tokenFrom,
  tokenOfEvent,
} from './reactionMemo';

/** Where a replica's machine is, as plain data (part of its process in the `World`). */
export interface DeciderState {
  readonly reuseReactions: boolean;
  /** A memo state by name (the key says the whole snapshot but the token) and the context's token. */
  state: MemoStateName;
  token: number | null;
  /** Whether a real actor runs (its persisted snapshot goes beside the World in a checkpoint). */
  actorRunning: boolean;
  /** Where the actor is; it may lag behind `state`. */
  actorState: MemoStateName;
  actorToken: number | null;
  /** The events that take the actor from `actorState` to `state`. */
  lag: ReplicaEvent[];
  /** The plain path's activity, read off the actor's snapshot; null on the memo's path. */
  plainActivity: ReplicaActivity | null;
}

/** The machine's activity now. */
export const activityOf = (state: DeciderState): ReplicaActivity => state.plainActivity ?? state.state.activity;

/** The runtime beside a `DeciderState`: the memo, the memo states' objects, the actor. */
export class ReplicaDecider {
  readonly #memo: ReactionMemo;
  /** The memo's objects for `state.state` and `state.actorState`. */
  #state: MemoState;
  #actorState: MemoState;
  #actor: Actor<typeof replicaMachine> | null = null;
  #emitted: ReplicaCommand[] = [];
  #replaying = false;
  readonly #sink = (command: ReplicaCommand): void => {
    if (!this.#replaying) this.#emitted.push(command);
  };

  /**
   * The runtime of `state`, with its actor restored from `savedActor` when one runs. The
   * states are looked up by name in this thread's memo (made anew, without their reactions,
   * if it was forgotten since the state was saved).
   */
  private constructor(input: ReplicaMachineInput, state: DeciderState, savedActor: SavedActor | null) {
    this.#memo = reactionMemoFor(input);
    this.#state = this.#memo.stateNamed(state.state);
    this.#actorState = this.#memo.stateNamed(state.actorState);
    if (savedActor) this.#actor = restoreActor(savedActor, this.#memo.input, this.#sink);
  }

  /** A fresh machine in its initial snapshot (the night's start, a restart). */
  static start(input: ReplicaMachineInput, reuseReactions: boolean): { state: DeciderState; decider: ReplicaDecider } {
    const initial = reactionMemoFor(input).initial;
    const state: DeciderState = {
      reuseReactions,
      state: initial.name,
      token: null,
      actorRunning: false,
      actorState: initial.name,
      actorToken: null,
      lag: [],
      plainActivity: null,
    };
    const decider = new ReplicaDecider(input, state, null);
    if (!reuseReactions) {
      decider.#actor = decider.#memo.startActor(decider.#sink);
      state.actorRunning = true;
      state.plainActivity = initial.activity;
    }
    return { state, decider };
  }

  /** The runtime of a restored `state` (a checkpoint's copy), its actor from its persisted snapshot. */
  static restore(input: ReplicaMachineInput, state: DeciderState, savedActor: SavedActor | null): ReplicaDecider {
    if (state.actorRunning !== (savedActor !== null)) throw new Error('a decider restored without its actor');
    return new ReplicaDecider(input, state, savedActor);
  }

  /** The machine's reaction to `event`: the commands it emits, in order. */
  send(state: DeciderState, event: ReplicaEvent): readonly ReplicaCommand[] {
    if (!state.reuseReactions) return this.#askPlain(state, event);
    const key = eventKey(event, state.token);
    const reaction = this.#state.reactions.get(key);
    if (!reaction) return this.#ask(state, event, key);
    const eventToken = tokenOfEvent(event);
    const commands = replayCommands(reaction, state.token, eventToken);
    state.token = tokenFrom(reaction.tokenAfter, state.token, eventToken);
    const to = reaction.to;
    this.#state = to;
    state.state = to.name;
    if (to.key === this.#actorState.key && state.token === state.actorToken) {
      state.lag = [];
    } else if (to === this.#memo.initial && state.token === null) {
      this.#dropActor(state);
    } else {
      state.lag.push(event);
    }
    return commands;
  }

  /** The running actor's persisted snapshot (for a checkpoint beside the World), or null. */
  savedActor(): SavedActor | null {
    return this.#actor && saveActor(this.#actor);
  }

  stop(state: DeciderState): void {
    this.#dropActor(state);
  }

  /** Stops the actor without touching any state (the state it ran beside was replaced by a restore). */
  stopActorOnly(): void {
    this.#actor?.stop();
    this.#actor = null;
  }

  /** The plain path: the actor alone, no memo. */
  #askPlain(state: DeciderState, event: ReplicaEvent): readonly ReplicaCommand[] {
    const actor = this.#upToDateActor(state);
    this.#emitted = [];
    actor.send(event);
    const commands = this.#emitted;
    this.#emitted = [];
    state.plainActivity = actor.getSnapshot().value as ReplicaActivity;
    return commands;
  }

  /** Asks the actor (brought up to date first) and remembers its reaction under `key`. */
  #ask(state: DeciderState, event: ReplicaEvent, key: string): readonly ReplicaCommand[] {
    const actor = this.#upToDateActor(state);
    const from = this.#state;
    const contextToken = state.token;
    this.#emitted = [];
    actor.send(event);
    const commands = this.#emitted;
    this.#emitted = [];
    const snapshot = actor.getSnapshot();
    this.#memo.remember(from, key, event, contextToken, snapshot, commands);
    const to = this.#memo.stateOf(snapshot);
    this.#state = to;
    this.#actorState = to;
    state.state = to.name;
    state.actorState = to.name;
    state.token = snapshot.context.token;
    state.actorToken = state.token;
    return commands;
  }

  #upToDateActor(state: DeciderState): Actor<typeof replicaMachine> {
    let actor = this.#actor;
    if (!actor) {
      actor = this.#memo.startActor(this.#sink);
      this.#actor = actor;
      this.#actorState = this.#memo.initial;
      state.actorRunning = true;
      state.actorState = this.#memo.initial.name;
      state.actorToken = null;
    }
    if (state.lag.length === 0) return actor;
    this.#replaying = true;
    for (const event of state.lag) actor.send(event);
    this.#replaying = false;
    state.lag = [];
    const snapshot = actor.getSnapshot();
    if (stateKey(snapshot) !== this.#state.key || snapshot.context.token !== state.token) {
      throw new Error(`replayed reactions disagree with the replica machine at ${this.#state.key}`);
    }
    return actor;
  }

  #dropActor(state: DeciderState): void {
    this.#actor?.stop();
    this.#actor = null;
    this.#actorState = this.#memo.initial;
    state.actorRunning = false;
    state.actorState = this.#memo.initial.name;
    state.actorToken = null;
    state.lag = [];
  }
}
