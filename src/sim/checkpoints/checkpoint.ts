/**
 * A night's state between two steps, and putting a simulation back into it (`resimulate.ts`).
 *
 * A checkpoint is taken at a boundary: every event before `boundaryMs` has run and none at or
 * after it has. It is a copy of the night's `World` (`world.ts`: the append-only logs kept by
 * length, records never changed once appended) plus each running actor's persisted snapshot
 * (`actorRestore.ts`). All of it is plain data: objects, arrays, primitives (no
 * function, no class instance, no process object), so ``structuredClone` or `plainCopy.ts` copies it exactly
 * (`tests/checkpointPlainData.test.ts`). The queue's items, lock waiters, waiting claims and
 * held replies name what they wait for (replica indices, the request a reply answers:
 * `pendingReply.ts`), and a decider names its memo states. A checkpoint therefore restores
 * into any simulation built for the night's configuration (`resimulate` builds a new one each
 * time), not only the one that took it.
 */

import type { AgendaItem } from '../agenda';
import { queueOf, type Scheduled } from '../eventQueue';
import { MAX_QUEUE_LENGTH, type Simulation } from '../simulation';
import type { Violation } from '../trace';
import { copyWorld, restoredWorld, type World, type WorldCopy } from '../world';
import type { SavedActor } from './actorRestore';

export interface Checkpoint {
  /** Every event before this instant has run, none at or after it. */
  readonly boundaryMs: number;
  /**
   * The state holds up to this instant too: the night's next step is not before it (the
   * checkpoint is the state at every instant from `boundaryMs` to here, in the night that took it).
   */
  readonly holdsUntilMs: number;
  /** Queue steps taken so far (the step budget counts on). */
  readonly step: number;
  /** How many user events the checkpoint's scenario scheduled (their `seq`s follow the night's `environmentSeqFrom`). */
  readonly environmentCount: number;
  /** How many I7 findings open the violations (they are the scenario's, recomputed on restore). */
  readonly lintCount: number;
  /** The night's World at the boundary. */
  readonly world: WorldCopy;
  /** Each replica's running actor as XState's persisted snapshot; null where none runs. */
  readonly actors: readonly (SavedActor | null)[];
}

/** Takes a checkpoint at a boundary (`runLoop`'s `atBoundary`). */
export function takeCheckpoint(
  sim: Simulation,
  at: {
    readonly boundaryMs: number;
    readonly holdsUntilMs: number;
    readonly step: number;
    readonly environmentCount: number;
    readonly lintCount: number;
  },
): Checkpoint {
  // A same-instant wake-up holds claims that change as they run; at a boundary every such step has run.
  if (sim.queue.heap.some(({ item }) => item.kind === 'job' && item.sameInstant)) {
    throw new Error(`a checkpoint at ${at.boundaryMs} with a same-instant step still queued`);
  }
  return {
    ...at,
    world: copyWorld(sim),
    actors: sim.savedActors(),
  };
}

/** What the restored simulation continues with: its queue and its opening I7 findings. */
export interface Resumption {
  readonly queue: readonly Scheduled<AgendaItem>[];
  readonly nextSeq: number;
  readonly lint: readonly Violation[];
}

/**
 * A simulation in `checkpoint`'s state, with `resumption`'s queue (the caller has swapped the
 * user events for the new scenario's) and I7 findings. `simulationIn` makes a simulation of the
 * new scenario in a given state (`newSimulation`); the scenario differs from the checkpoint's
 * in its events only.
 */
export function restoreCheckpoint(
  checkpoint: Checkpoint,
  resumption: Resumption,
  simulationIn: (world: World) => Simulation,
): Simulation {
  const world = restoredWorld(checkpoint.world);
  world.truncatedAtMs = null;
  world.queue = queueOf(resumption.queue, resumption.nextSeq, MAX_QUEUE_LENGTH);
  world.violations = [...resumption.lint, ...world.violations.slice(checkpoint.lintCount)];
  const sim = simulationIn(world);
  sim.restoreDeciders(checkpoint.actors);
  return sim;
}

/**
 * How many of a night's checkpoints (in time order) begin at or before `atMs`: the last of
 * them is the one to restore for an edit reaching `atMs`. A binary search: `leaseline verify`
 * asks it at every grid instant of every re-run, of nights with a checkpoint every 10 s.
 */
export function checkpointsUpTo(checkpoints: readonly Checkpoint[], atMs: number): number {
  let low = 0;
  let high = checkpoints.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((checkpoints[middle] as Checkpoint).boundaryMs <= atMs) low = middle + 1;
    else high = middle;
  }
  return low;
}
