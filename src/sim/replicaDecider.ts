/**
 * One replica's decisions: its XState actor, consulted through the night's `ReactionMemo`.
 *
 * `send(event)` returns the commands the machine emits for the event and leaves `activity` at
 * the machine's new state, exactly as `actor.send(event)` would. A reaction the memo has seen
 * is replayed without the actor, which then lags behind: it keeps the events it was spared.
 * An unseen reaction brings the actor up to date (replaying those events, their commands
 * already carried out, so dropped) and asks it; the memo remembers the answer. Whenever the
 * replica is back in the machine's initial snapshot (idle, fresh context: after every run
 * and every skipped poll) the lagging actor is dropped, so the events kept stay few; a new
 * actor starts from the same snapshot when one is needed again.
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
import { restoreActor, type SavedActor, saveActor } from './actorRestore';
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

/**
 * A decider as plain data: memo states by name, the actor as its persisted snapshot. It
 * restores against the thread's memo for the same machine input, whichever memo took it.
 */
export interface DeciderCheckpoint {
  readonly reuseReactions: boolean;
  readonly state: MemoStateName;
  readonly token: number | null;
  readonly actor: SavedActor | null;
  readonly actorState: MemoStateName;
  readonly actorToken: number | null;
  readonly lag: readonly ReplicaEvent[];
  readonly plainActivity: ReplicaActivity | null;
}

export class ReplicaDecider {
  readonly #memo: ReactionMemo;
  readonly #reuseReactions: boolean;
  /** Where the replica's machine is: a memo state and the context's token. */
  #state: MemoState;
  #token: number | null = null;
  /** The real actor, if one is running, and where it is (it may lag behind `#state`). */
  #actor: Actor<typeof replicaMachine> | null = null;
  #actorState: MemoState;
  #actorToken: number | null = null;
  /** The events that take the actor from `#actorState` to `#state`. */
  #lag: ReplicaEvent[] = [];
  #emitted: ReplicaCommand[] = [];
  #replaying = false;
  /** The plain path's activity, read off the actor's snapshot; null on the memo's path. */
  #plainActivity: ReplicaActivity | null = null;
  readonly #sink = (command: ReplicaCommand): void => {
    if (!this.#replaying) this.#emitted.push(command);
  };

  constructor(input: ReplicaMachineInput, reuseReactions: boolean, saved: DeciderCheckpoint | null = null) {
    if (saved) {
      // The states are looked up by name in this thread's memo (made anew, without their
      // reactions, if it was forgotten since); the actor comes back from its persisted
      // snapshot, still lagging.
      this.#memo = reactionMemoFor(input);
      this.#reuseReactions = saved.reuseReactions;
      this.#state = this.#memo.stateNamed(saved.state);
      this.#token = saved.token;
      this.#actor = saved.actor && restoreActor(saved.actor, this.#memo.input, this.#sink);
      this.#actorState = this.#memo.stateNamed(saved.actorState);
      this.#actorToken = saved.actorToken;
      this.#lag = saved.lag.slice();
      this.#plainActivity = saved.plainActivity;
      return;
    }
    this.#memo = reactionMemoFor(input);
    this.#reuseReactions = reuseReactions;
    this.#state = this.#memo.initial;
    this.#actorState = this.#memo.initial;
    if (!reuseReactions) {
      this.#actor = this.#memo.startActor(this.#sink);
      this.#plainActivity = this.#memo.initial.activity;
    }
  }

  get activity(): ReplicaActivity {
    return this.#plainActivity ?? this.#state.activity;
  }

  /** The machine's reaction to `event`: the commands it emits, in order. */
  send(event: ReplicaEvent): readonly ReplicaCommand[] {
    if (!this.#reuseReactions) return this.#askPlain(event);
    const key = eventKey(event, this.#token);
    const reaction = this.#state.reactions.get(key);
    if (!reaction) return this.#ask(event, key);
    const eventToken = tokenOfEvent(event);
    const commands = replayCommands(reaction, this.#token, eventToken);
    this.#token = tokenFrom(reaction.tokenAfter, this.#token, eventToken);
    this.#state = reaction.to;
    if (this.#state === this.#actorState && this.#token === this.#actorToken) {
      this.#lag = [];
    } else if (this.#state === this.#memo.initial && this.#token === null) {
      this.#dropActor();
    } else {
      this.#lag.push(event);
    }
    return commands;
  }

  /** Whether a real actor is running now (none while the memo answers from idle to idle). */
  /** The decider as data: memo state, token, the lagging actor's persisted snapshot and its lag. */
  checkpoint(): DeciderCheckpoint {
    return {
      reuseReactions: this.#reuseReactions,
      state: nameOf(this.#state),
      token: this.#token,
      actor: this.#actor && saveActor(this.#actor),
      actorState: nameOf(this.#actorState),
      actorToken: this.#actorToken,
      lag: this.#lag.slice(),
      plainActivity: this.#plainActivity,
    };
  }

  get actorRunning(): boolean {
    return this.#actor !== null;
  }

  stop(): void {
    this.#dropActor();
  }

  /** The plain path: the actor alone, no memo. */
  #askPlain(event: ReplicaEvent): readonly ReplicaCommand[] {
    const actor = this.#upToDateActor();
    this.#emitted = [];
    actor.send(event);
    const commands = this.#emitted;
    this.#emitted = [];
    this.#plainActivity = actor.getSnapshot().value as ReplicaActivity;
    return commands;
  }

  /** Asks the actor (brought up to date first) and remembers its reaction under `key`. */
  #ask(event: ReplicaEvent, key: string): readonly ReplicaCommand[] {
    const actor = this.#upToDateActor();
    const from = this.#state;
    const contextToken = this.#token;
    this.#emitted = [];
    actor.send(event);
    const commands = this.#emitted;
    this.#emitted = [];
    const snapshot = actor.getSnapshot();
    this.#memo.remember(from, key, event, contextToken, snapshot, commands);
    this.#state = this.#memo.stateOf(snapshot);
    this.#token = snapshot.context.token;
    this.#actorState = this.#state;
    this.#actorToken = this.#token;
    return commands;
  }

  #upToDateActor(): Actor<typeof replicaMachine> {
    let actor = this.#actor;
    if (!actor) {
      actor = this.#memo.startActor(this.#sink);
      this.#actor = actor;
      this.#actorState = this.#memo.initial;
      this.#actorToken = null;
    }
    if (this.#lag.length === 0) return actor;
    this.#replaying = true;
    for (const event of this.#lag) actor.send(event);
    this.#replaying = false;
    this.#lag = [];
    const snapshot = actor.getSnapshot();
    if (stateKey(snapshot) !== this.#state.key || snapshot.context.token !== this.#token) {
      throw new Error(`replayed reactions disagree with the replica machine at ${this.#state.key}`);
    }
    return actor;
  }

  #dropActor(): void {
    this.#actor?.stop();
    this.#actor = null;
    this.#actorState = this.#memo.initial;
    this.#actorToken = null;
    this.#lag = [];
  }
}

const nameOf = (state: MemoState): MemoStateName => ({ key: state.key, activity: state.activity });
