/**
 * The simulator's view of one replica process, as plain data in the night's `World`: where its
 * machine is (`decider`, whose actor is a runtime cache beside the World), plus everything the
 * process level owns (docs/model.md §4 rows P, R, X, S): up/paused/down, the work timer that
 * freezes during a pause, clock timers that fall due while paused, the inbox of replies held
 * while paused; the lock service's own client state is `lockClient`. Its clock and its
 * configuration are the scenario's, not state: `Simulation.replicaClock` / `replicaConfig`.
 */
import type { ReplicaActivity, ReplicaEvent, ReplicaRequest } from '../machines/replicaMachine';
import type { ResolvedReplica } from '../model/resolvedScenario';
import { plainCopy } from './plainCopy';
import type { DeciderState } from './replicaDecider';
import type { ServiceClient, ServicePayload } from './serviceData';
import type { ProcState, RunRecord } from './trace';

/**
 * A reply that arrived while the process was paused (Kleppmann's kernel buffers), as data:
 * what came back, for `deliverHeld` (`heldReplies.ts`) to hand over on resume.
 */
export type HeldReply =
  /** A database (or lock service) reply to a request. */
  | {
      readonly kind: 'reply';
      readonly request: ReplicaRequest;
      readonly messageId: number;
      readonly reply: ReplicaEvent;
    }
  /** A request lost in a partition: the client's timeout. */
  | { readonly kind: 'timeout'; readonly messageId: number; readonly request: ReplicaRequest['kind'] }
  /** The lock service's own reply (a keep-alive's outcome), handed back to it (`LockService.heldReply`). */
  | { readonly kind: 'service'; readonly payload: ServicePayload };

/** A clock timer that fell due while paused: a trigger, or the lock service's (keep-alive, elector). */
export type OverdueTimer = { readonly kind: 'trigger' | 'service'; readonly dueMs: number };

export interface ReplicaProcess {
  readonly index: number;
  readonly id: string;
  /** One-way latency to the database (docs/model.md §0: 2, 3, 4 ms for A, B, C...). */
  readonly latencyMs: number;

  proc: ProcState;
  /** Where the replica machine is (its actor is the runtime's); null while down. */
  decider: DeciderState | null;
  activity: ReplicaActivity;
  /** Bumped on crash: timers and replies of an earlier incarnation are dropped. */
  incarnation: number;
  /**
   * The replica-side instant the process is acting at. A statement takes effect at the database
   * `latencyMs` after it; the reply is folded into the step that follows (see ARCHITECTURE.md).
   */
  instantMs: number;

  /** invariant: non-null iff a work step is running and the process is up. */
  workDueMs: number | null;
  workGeneration: number;
  /** Work left when a pause froze the step. */
  workRemainingMs: number | null;
  pausedUntilMs: number;
  overdue: OverdueTimer[];
  inbox: HeldReply[];
  /** A write held back by `pauseBeforeWrite`, sent on resume. */
  heldWrite: ReplicaRequest | null;

  /** Wall reading up to which trigger instants count as fired. */
  lastTriggerWallMs: number;
  triggerGeneration: number;

  /**
   * The database session is `<id>#<sessionEpoch>` (`session`, kept with it by `renewSession`):
   * a new one after a crash or after the server killed the old one (the pool reconnects on
   * the next statement).
   */
  sessionEpoch: number;
  session: string;
  /** The grant this process's current run holds, as the simulator's grant id. */
  grantId: number | null;
  /**
   * The lock service's client on this process (`LockService.createClient`): plain data only
   * the service reads, e.g. ShedLock's row cache and KeepAlive grid, the Lease elector.
   */
  lockClient: ServiceClient;
  run: RunRecord | null;
}

/** The process of `replica` before the night starts: up, no actor yet. */
export function newReplicaProcess(replica: ResolvedReplica, lockClient: ServiceClient): ReplicaProcess {
  return {
    index: replica.index,
    id: replica.id,
    latencyMs: 2 + replica.index,
    proc: 'up',
    decider: null,
    activity: 'idle',
    incarnation: 0,
    instantMs: 0,
    workDueMs: null,
    workGeneration: 0,
    workRemainingMs: null,
    pausedUntilMs: 0,
    overdue: [],
    inbox: [],
    heldWrite: null,
    lastTriggerWallMs: Number.NEGATIVE_INFINITY,
    triggerGeneration: 0,
    sessionEpoch: 0,
    session: sessionName(replica.id, 0),
    grantId: null,
    lockClient,
    run: null,
  };
}

const sessionName = (id: string, epoch: number): string => `${id}#${epoch}`;

/** The next database session (after a crash, or the server ended the old one). */
export function renewSession(process: Pick<ReplicaProcess, 'id' | 'sessionEpoch' | 'session'>): void {
  process.sessionEpoch += 1;
  process.session = sessionName(process.id, process.sessionEpoch);
}

/**
 * A copy of `process` that no later step changes (a checkpoint's): what changes in place is
 * copied (the timers and inbox arrays, the lock client, the decider state and its lag); held
 * replies, timers, the run record and memo state names are immutable and shared.
 */
export function copyProcess(process: ReplicaProcess): ReplicaProcess {
  return {
    ...process,
    overdue: process.overdue.slice(),
    inbox: process.inbox.slice(),
    lockClient: plainCopy(process.lockClient),
    decider: process.decider && { ...process.decider, lag: process.decider.lag.slice() },
  };
}

/** The process an agenda item, a reply or a waiter names by index (an unknown index is a bug, said loudly). */
export function processAt<P>(sim: { readonly processes: readonly P[] }, index: number, what: string): P {
  const process = sim.processes[index];
  if (!process) throw new Error(`${what} for unknown replica ${index}`);
  return process;
}
