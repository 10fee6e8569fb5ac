/**
 * The replica's decision logic as an XState v5 machine (docs/model.md §4): what a replica of the
 * `orders` service does with each trigger, reply and finished step of work.
 *
 * The machine never touches time or the network. Everything it wants done comes back as an
 * emitted command (`request`, `work`, `run.*`, `exit`) that the simulator carries out on its
 * virtual clock; every reply comes in as an event. Process-level states (paused, crashed) are
 * the simulator's overlay: a paused replica simply receives no events, a crashed one is
 * replaced by a fresh actor on restart.
 */
import { assign, emit, setup } from 'xstate';
import type { OnLockLost } from '../model/resolvedScenario';

/** The statements a replica can ask the database (or lock service) to run. */
export type ReplicaRequest =
  | { readonly kind: 'dueCheck' }
  | { readonly kind: 'acquire' }
  | { readonly kind: 'fence'; readonly token: number | null }
  | { readonly kind: 'load' }
  | { readonly kind: 'mintToken' }
  | { readonly kind: 'holderCheck' }
  | { readonly kind: 'write'; readonly itemIndex: number; readonly token: number | null }
  | { readonly kind: 'markDone' }
  | { readonly kind: 'release' };

/** A step of CPU work whose duration the simulator knows (per replica). */
export type WorkStep = 'load' | 'compute' | 'markDone';

export type RunOutcomeDecision = 'done' | 'aborted' | 'skipped';

export type ReplicaCommand =
  | { readonly type: 'request'; readonly request: ReplicaRequest }
  | { readonly type: 'work'; readonly step: WorkStep }
  | { readonly type: 'run.started' }
  | { readonly type: 'run.ended'; readonly outcome: RunOutcomeDecision; readonly reason: string }
  | { readonly type: 'lockLost'; readonly policy: OnLockLost }
  | { readonly type: 'exit' };

export type ReplicaEvent =
  | { readonly type: 'TRIGGER' }
  | { readonly type: 'DUE_REPLY'; readonly done: boolean }
  | { readonly type: 'GRANTED'; readonly token: number | null }
  | { readonly type: 'DENIED' }
  | { readonly type: 'FENCE_REPLY'; readonly ok: boolean }
  | { readonly type: 'SNAPSHOT'; readonly pending: readonly number[] }
  | { readonly type: 'WORK_DONE' }
  | { readonly type: 'TOKEN'; readonly token: number }
  | { readonly type: 'HOLDER_REPLY'; readonly holder: boolean }
  | { readonly type: 'WRITE_REPLY'; readonly result: 'accepted' | 'stale' | 'duplicate' }
  | { readonly type: 'MARKED' }
  | { readonly type: 'RELEASED' }
  | { readonly type: 'LOCK_LOST' }
  /** The request timed out: the replica could not reach the lock service (`partition`). */
  | { readonly type: 'REQUEST_FAILED' };

/** How this replica is configured; fixed for the night. */
export interface ReplicaMachineInput {
  /** False for lock kind `none`: every trigger runs the job. */
  readonly usesLock: boolean;
  readonly skipIfDone: boolean;
  /** Fence right after the token is known (docs/model.md §6, only with per-job fencing). */
  readonly fenceOnAcquire: boolean;
  /** The anti-pattern of S20: the token is read from a sequence after loading. */
  readonly mintTokenAfterLoad: boolean;
  readonly holderCheck: boolean;
  readonly onLockLost: OnLockLost;
}

export interface ReplicaContext extends ReplicaMachineInput {
  /** invariant: null until this run's token is known (grant or mint); reset at idle. */
  readonly token: number | null;
  /** Item indices this run loaded as pending, in order. */
  readonly plan: readonly number[];
  /** invariant: 0 <= itemCursor <= plan.length. */
  readonly itemCursor: number;
  readonly loaded: boolean;
  /** Set by `onLockLost: cancel`; honoured at the next step boundary (docs/model.md §4 row 17). */
  readonly cancelRequested: boolean;
  readonly aborting: boolean;
  readonly abortReason: string;
}

/** Activity states (`act` in docs/model.md §4); the simulator draws these as bands. */
export type ReplicaActivity =
  | 'idle'
  | 'dueCheck'
  | 'acquiring'
  | 'fencing'
  | 'loading'
  | 'minting'
  | 'computing'
  | 'checkingHolder'
  | 'writing'
  | 'markingDone'
  | 'recording'
  | 'releasing';

const freshRun = {
  token: null,
  plan: [],
  itemCursor: 0,
  loaded: false,
  cancelRequested: false,
  aborting: false,
  abortReason: '',
} as const;

/** Back to idle once the lock is released (or its release failed): the run is over. */
const END_RUN = [
  { guard: 'aborting', target: 'idle', actions: ['endAborted', 'resetRun'] },
  { target: 'idle', actions: ['endDone', 'resetRun'] },
] as const;

export const replicaMachine = setup({
  types: {
    context: {} as ReplicaContext,
    events: {} as ReplicaEvent,
    input: {} as ReplicaMachineInput,
    emitted: {} as ReplicaCommand,
  },
  guards: {
    skipIfDone: ({ context }) => context.skipIfDone,
    usesLock: ({ context }) => context.usesLock,
    isDone: ({ event }) => event.type === 'DUE_REPLY' && event.done,
    fenceNow: ({ context, event }) =>
      context.fenceOnAcquire && event.type === 'GRANTED' && event.token !== null && !context.mintTokenAfterLoad,
    mintAfterLoad: ({ context }) => context.mintTokenAfterLoad && context.token === null,
    fenceAfterMint: ({ context }) => context.fenceOnAcquire,
    fenceOk: ({ event }) => event.type === 'FENCE_REPLY' && event.ok,
    notLoaded: ({ context }) => !context.loaded,
    cancelRequested: ({ context }) => context.cancelRequested,
    planEmpty: ({ context }) => context.plan.length === 0,
    holderCheck: ({ context }) => context.holderCheck,
    isHolder: ({ event }) => event.type === 'HOLDER_REPLY' && event.holder,
    writeStale: ({ event }) => event.type === 'WRITE_REPLY' && event.result === 'stale',
    moreItems: ({ context }) => context.itemCursor + 1 < context.plan.length,
    policyExit: ({ context }) => context.onLockLost === 'exit',
    aborting: ({ context }) => context.aborting,
    policyCancel: ({ context }) => context.onLockLost === 'cancel',
  },
  actions: {
    startRun: emit({ type: 'run.started' }),
    skipRun: emit(({ event }) => ({
      type: 'run.ended' as const,
      outcome: 'skipped' as const,
      reason: event.type === 'DENIED' ? 'locked' : event.type === 'REQUEST_FAILED' ? 'unreachable' : 'alreadyDone',
    })),
    resetRun: assign(() => freshRun),
    requestDueCheck: emit({ type: 'request', request: { kind: 'dueCheck' } }),
    requestAcquire: emit({ type: 'request', request: { kind: 'acquire' } }),
    requestFence: emit(({ context }) => ({
      type: 'request' as const,
      request: { kind: 'fence' as const, token: context.token },
    })),
    requestLoad: emit({ type: 'request', request: { kind: 'load' } }),
    requestMint: emit({ type: 'request', request: { kind: 'mintToken' } }),
    requestHolderCheck: emit({ type: 'request', request: { kind: 'holderCheck' } }),
    requestWrite: emit(({ context }) => ({
      type: 'request' as const,
      request: {
        kind: 'write' as const,
        itemIndex: context.plan[context.itemCursor] ?? -1,
        token: context.token,
      },
    })),
    requestMarkDone: emit({ type: 'request', request: { kind: 'markDone' } }),
    requestRelease: emit({ type: 'request', request: { kind: 'release' } }),
    workLoad: emit({ type: 'work', step: 'load' }),
    workCompute: emit({ type: 'work', step: 'compute' }),
    workMarkDone: emit({ type: 'work', step: 'markDone' }),
    storeGrantToken: assign({ token: ({ event }) => (event.type === 'GRANTED' ? event.token : null) }),
    storeMintedToken: assign({ token: ({ event, context }) => (event.type === 'TOKEN' ? event.token : context.token) }),
    storePlan: assign({ plan: ({ event }) => (event.type === 'SNAPSHOT' ? event.pending : []), loaded: true }),
    nextItem: assign({ itemCursor: ({ context }) => context.itemCursor + 1 }),
    markAborting: assign({
      aborting: true,
      // The event says why when it carries the bad news itself; otherwise it was the cancel.
      abortReason: ({ event, context }) => {
        if (event.type === 'WRITE_REPLY' && event.result === 'stale') return 'stale';
        if (event.type === 'FENCE_REPLY' && !event.ok) return 'stale';
        if (event.type === 'HOLDER_REPLY' && !event.holder) return 'notHolder';
        if (event.type === 'REQUEST_FAILED') return 'unreachable';
        return context.cancelRequested ? 'lockLost' : 'aborted';
      },
    }),
    endDone: emit({ type: 'run.ended', outcome: 'done', reason: 'done' }),
    endAborted: emit(({ context }) => ({
      type: 'run.ended' as const,
      outcome: 'aborted' as const,
      reason: context.abortReason,
    })),
    requestCancel: assign({ cancelRequested: true }),
    reportLockLost: emit(({ context }) => ({ type: 'lockLost' as const, policy: context.onLockLost })),
    exitProcess: emit({ type: 'exit' }),
  },
}).createMachine({
  id: 'replica',
  context: ({ input }) => ({ ...input, ...freshRun }),
  initial: 'idle',
  on: {
    LOCK_LOST: [
      { guard: 'policyExit', actions: ['reportLockLost', 'exitProcess'] },
      { guard: 'policyCancel', actions: ['reportLockLost', 'requestCancel'] },
      { actions: 'reportLockLost' },
    ],
  },
  states: {
    // invariant: the context is fresh in idle. Runs that got no grant never touched it, so
    // only the transitions that end a real run reset it (one assign fewer per denied poll).
    idle: {
      on: {
        // A keep-alive verdict that arrives outside a held grant concerns no run.
        LOCK_LOST: {},
        TRIGGER: [
          { guard: 'skipIfDone', target: 'dueCheck', actions: ['startRun', 'requestDueCheck'] },
          { guard: 'usesLock', target: 'acquiring', actions: ['startRun', 'requestAcquire'] },
          { target: 'routing', actions: 'startRun' },
        ],
      },
    },
    dueCheck: {
      on: {
        LOCK_LOST: {},
        REQUEST_FAILED: { target: 'idle', actions: 'skipRun' },
        DUE_REPLY: [
          { guard: 'isDone', target: 'idle', actions: 'skipRun' },
          { guard: 'usesLock', target: 'acquiring', actions: 'requestAcquire' },
          { target: 'routing' },
        ],
      },
    },
    acquiring: {
      on: {
        LOCK_LOST: {},
        REQUEST_FAILED: { target: 'idle', actions: 'skipRun' },
        GRANTED: [
          { guard: 'fenceNow', target: 'fencing', actions: ['storeGrantToken', 'requestFence'] },
          { target: 'routing', actions: 'storeGrantToken' },
        ],
        DENIED: { target: 'idle', actions: 'skipRun' },
      },
    },
    fencing: {
      on: {
        REQUEST_FAILED: { target: 'aborting', actions: 'markAborting' },
        FENCE_REPLY: [
          { guard: 'fenceOk', target: 'routing' },
          { target: 'aborting', actions: 'markAborting' },
        ],
      },
    },
    /**
     * Transient: picks the next step after the grant, the fence or the load (load first, then
     * the token if it is minted late, then the items, then marking done).
     */
    routing: {
      always: [
        { guard: 'cancelRequested', target: 'aborting', actions: 'markAborting' },
        { guard: 'notLoaded', target: 'loading' },
        { guard: 'mintAfterLoad', target: 'minting', actions: 'requestMint' },
        { guard: 'planEmpty', target: 'markingDone' },
        { target: 'computing' },
      ],
    },
    loading: {
      entry: 'requestLoad',
      on: {
        REQUEST_FAILED: { target: 'aborting', actions: 'markAborting' },
        SNAPSHOT: { actions: ['storePlan', 'workLoad'] },
        WORK_DONE: { target: 'routing' },
      },
    },
    minting: {
      on: {
        REQUEST_FAILED: { target: 'aborting', actions: 'markAborting' },
        TOKEN: [
          { guard: 'fenceAfterMint', target: 'fencing', actions: ['storeMintedToken', 'requestFence'] },
          { target: 'routing', actions: 'storeMintedToken' },
        ],
      },
    },
    computing: {
      entry: 'workCompute',
      on: {
        WORK_DONE: [
          { guard: 'cancelRequested', target: 'aborting', actions: 'markAborting' },
          { guard: 'holderCheck', target: 'checkingHolder', actions: 'requestHolderCheck' },
          { target: 'writing', actions: 'requestWrite' },
        ],
      },
    },
    checkingHolder: {
      on: {
        REQUEST_FAILED: { target: 'aborting', actions: 'markAborting' },
        HOLDER_REPLY: [
          { guard: 'cancelRequested', target: 'aborting', actions: 'markAborting' },
          { guard: 'isHolder', target: 'writing', actions: 'requestWrite' },
          { target: 'aborting', actions: 'markAborting' },
        ],
      },
    },
    writing: {
      on: {
        REQUEST_FAILED: { target: 'aborting', actions: 'markAborting' },
        WRITE_REPLY: [
          { guard: 'writeStale', target: 'aborting', actions: 'markAborting' },
          { guard: 'cancelRequested', target: 'aborting', actions: ['nextItem', 'markAborting'] },
          { guard: 'moreItems', target: 'computing', actions: 'nextItem' },
          { target: 'markingDone', actions: 'nextItem' },
        ],
      },
    },
    markingDone: {
      entry: 'workMarkDone',
      on: { WORK_DONE: { target: 'recording', actions: 'requestMarkDone' } },
    },
    recording: {
      on: {
        REQUEST_FAILED: { target: 'aborting', actions: 'markAborting' },
        MARKED: [
          { guard: 'usesLock', target: 'releasing', actions: 'requestRelease' },
          { target: 'idle', actions: ['endDone', 'resetRun'] },
        ],
      },
    },
    aborting: {
      always: [
        { guard: 'usesLock', target: 'releasing', actions: 'requestRelease' },
        { target: 'idle', actions: ['endAborted', 'resetRun'] },
      ],
    },
    releasing: {
      on: {
        RELEASED: END_RUN,
        // An unlock that never arrived leaves the lock to expire; the run itself is over.
        REQUEST_FAILED: END_RUN,
      },
    },
  },
});
