/**
 * The replica machine's reactions, remembered (ARCHITECTURE.md, "Engine").
 *
 * A replica's actor is deterministic and its whole state is its snapshot's value and context
 * (the machine has no timers, no children, no history), so its reaction to an event, the next
 * snapshot and the commands it emits, is a function of (value, context, event). A night
 * repeats a few reactions thousands of times: every denied poll is TRIGGER then DENIED, from
 * idle back to idle, and every run of a finished job is the same ten steps. A `ReactionMemo`
 * holds the reactions real actors made, per machine input, for `ReplicaDecider` to replay.
 *
 * The fencing token is data the machine only stores and passes on (into `fence` and `write`
 * requests); of its value it reads only whether it is null. So the memo keys a token by where
 * it comes from (the context's, the event's, or none) instead of by its value, and one
 * reaction serves every grant of the night. Any other data (a loaded plan, a reply's flag) is
 * part of the key as it is. A result whose token comes from nowhere (a machine that computed
 * a token) is not remembered, and `ReplicaDecider` checks the memo's position against the
 * actor's snapshot whenever it brings an actor up to date, so a machine that started to read
 * token values would fail loudly instead of replaying a wrong reaction.
 */
import { type Actor, createActor, type SnapshotFrom } from 'xstate';
import {
  type ReplicaActivity,
  type ReplicaCommand,
  type ReplicaEvent,
  type ReplicaMachineInput,
  replicaMachine,
} from '../machines/replicaMachine';

export type ReplicaSnapshot = SnapshotFrom<typeof replicaMachine>;

/** Where a token in a reaction's result comes from. */
export type TokenSource = 'none' | 'context' | 'event';

/** A command as remembered: the request's token, if it has one, is filled in on replay. */
export interface CommandTemplate {
  readonly command: ReplicaCommand;
  readonly token: TokenSource | null;
}

export interface Reaction {
  readonly to: MemoState;
  /** Where the context's token after the event comes from. */
  readonly tokenAfter: TokenSource;
  readonly commands: readonly CommandTemplate[];
  /** The commands themselves when none carries a token (replayed as they are). */
  readonly fixedCommands: readonly ReplicaCommand[] | null;
}

/** One snapshot of the machine, with its token known only as null or not. */
export interface MemoState {
  readonly key: string;
  readonly activity: ReplicaActivity;
  readonly reactions: Map<string, Reaction>;
  /** The state as the World names it (one object per state, so naming it costs nothing). */
  readonly name: MemoStateName;
}

/** A memo state by name, as a checkpoint keeps it (plain data: the key says the whole snapshot). */
export interface MemoStateName {
  readonly key: string;
  readonly activity: ReplicaActivity;
}

/**
 * Bounds the memory a memo takes over many nights (random plans give new states): past this
 * many reactions it remembers no more reactions or states, and what it has not seen goes to
 * an actor every time.
 */
export const MAX_REACTIONS_PER_MEMO = 20_000;

export class ReactionMemo {
  readonly input: ReplicaMachineInput;
  readonly initial: MemoState;
  readonly #states = new Map<string, MemoState>();
  #reactionCount = 0;

  constructor(input: ReplicaMachineInput) {
    this.input = input;
    const probe = this.startActor(() => {
      throw new Error('the replica machine emitted a command on start');
    });
    this.initial = this.stateOf(probe.getSnapshot());
    probe.stop();
  }

  /** A started actor of the machine with this memo's input; emitted commands go to `sink`. */
  startActor(sink: (command: ReplicaCommand) => void): Actor<typeof replicaMachine> {
    const actor = createActor(replicaMachine, { input: this.input });
    actor.on('*', sink);
    actor.start();
    return actor;
  }

  /** The memo state of a snapshot (created the first time it is seen). */
  stateOf(snapshot: ReplicaSnapshot): MemoState {
    return this.stateNamed({ key: stateKey(snapshot), activity: snapshot.value as ReplicaActivity });
  }

  /**
   * The memo state a checkpoint named (`MemoStateName`): this memo's, or a new one without
   * reactions when this memo has not seen it (it was forgotten since the checkpoint).
   */
  stateNamed(name: MemoStateName): MemoState {
    let state = this.#states.get(name.key);
    if (!state) {
      state = {
        key: name.key,
        activity: name.activity,
        reactions: new Map(),
        name: { key: name.key, activity: name.activity },
      };
      // A full memo hands out a state it does not keep: its events all go to the actor.
      if (this.#reactionCount < MAX_REACTIONS_PER_MEMO) this.#states.set(name.key, state);
    }
    return state;
  }

  /**
   * Remembers what an actor in `from` (context token `contextToken`) did with `event`, unless
   * its result holds a token that came from neither the context nor the event.
   */
  remember(
    from: MemoState,
    eventKeyText: string,
    event: ReplicaEvent,
    contextToken: number | null,
    after: ReplicaSnapshot,
    commands: readonly ReplicaCommand[],
  ): void {
    if (this.#reactionCount >= MAX_REACTIONS_PER_MEMO) return;
    const eventToken = tokenOfEvent(event);
    const tokenAfter = sourceOf(after.context.token, contextToken, eventToken);
    if (tokenAfter === null) return;
    const templates: CommandTemplate[] = [];
    let carriesToken = false;
    for (const command of commands) {
      if (command.type === 'request' && 'token' in command.request) {
        const token = sourceOf(command.request.token, contextToken, eventToken);
        if (token === null) return;
        templates.push({ command, token });
        carriesToken = true;
      } else {
        templates.push({ command, token: null });
      }
    }
    from.reactions.set(eventKeyText, {
      to: this.stateOf(after),
      tokenAfter,
      commands: templates,
      fixedCommands: carriesToken ? null : commands,
    });
    this.#reactionCount += 1;
  }
}

/** The snapshot's key: status, value and context, the token as null or `T`. */
export function stateKey(snapshot: ReplicaSnapshot): string {
  const { token, ...rest } = snapshot.context;
  return `${snapshot.status}|${JSON.stringify(snapshot.value)}|${token === null ? 'null' : 'T'}|${JSON.stringify(rest)}`;
}

/** The event's key: its type and fields, a token as where it stands to the context's. */
export function eventKey(event: ReplicaEvent, contextToken: number | null): string {
  let key: string = event.type;
  for (const field in event) {
    if (field === 'type') continue;
    const value = (event as Record<string, unknown>)[field];
    if (field === 'token') {
      key += value === null ? '|token:none' : value === contextToken ? '|token:context' : '|token:event';
    } else {
      key += `|${field}:${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    }
  }
  return key;
}

export function tokenOfEvent(event: ReplicaEvent): number | null {
  return 'token' in event ? event.token : null;
}

export function tokenFrom(source: TokenSource, contextToken: number | null, eventToken: number | null): number | null {
  return source === 'none' ? null : source === 'context' ? contextToken : eventToken;
}

/** The commands of a remembered reaction with this occurrence's tokens filled in. */
export function replayCommands(
  reaction: Reaction,
  contextToken: number | null,
  eventToken: number | null,
): readonly ReplicaCommand[] {
  if (reaction.fixedCommands) return reaction.fixedCommands;
  return reaction.commands.map(({ command, token }) => {
    if (token === null || command.type !== 'request' || !('token' in command.request)) return command;
    return { ...command, request: { ...command.request, token: tokenFrom(token, contextToken, eventToken) } };
  });
}

function sourceOf(value: number | null, contextToken: number | null, eventToken: number | null): TokenSource | null {
  if (value === null) return 'none';
  if (value === contextToken) return 'context';
  if (value === eventToken) return 'event';
  return null;
}

/** Memos by machine input, shared by every night in this thread (reactions never go stale). */
const memos = new Map<string, ReactionMemo>();
/**
 * The same memos by the input object itself: a simulation asks for its replicas' memos at
 * every start, restart and restored checkpoint, and nights made from one another share their
 * input objects (`machineInput.ts`), so most asks find it here without writing the input out.
 */
let memosByInput = new WeakMap<ReplicaMachineInput, ReactionMemo>();

/** Forgets every remembered reaction: for measuring a cold start, and for tests. */
export function forgetMachineReactions(): void {
  memos.clear();
  memosByInput = new WeakMap();
}

export function reactionMemoFor(input: ReplicaMachineInput): ReactionMemo {
  const known = memosByInput.get(input);
  if (known) return known;
  const key = JSON.stringify(input);
  let memo = memos.get(key);
  if (!memo) {
    memo = new ReactionMemo(input);
    memos.set(key, memo);
  }
  memosByInput.set(input, memo);
  return memo;
}
