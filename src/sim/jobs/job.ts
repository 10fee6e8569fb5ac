/**
 * What the kernel asks of a job (issue 13 item 1): the database side of the job's own steps
 * (LOAD, WRITE, MARK_DONE: the replica machine is the same for every job), the job's own
 * tables as plain data, its agenda steps, what happens when a replica goes down, and how the
 * night's end reads it (I3's noun, I6, the service-history lane, the lint, the words). Each job
 * is one folder under `jobs/` implementing this, listed in `registry.ts`; the kernel calls
 * through the registry and never branches on the job's kind.
 *
 * `S` is the job's own state (`createState`, kept by the simulation as `jobState` and copied
 * whole by a checkpoint: plain data, what `structuredClone` copies exactly); `T` is the data of
 * its agenda steps (`{ kind: 'job' }` items). Every method runs at `sim.nowMs` and is written
 * against `JobContext`, the part of the simulation a job touches, so a test drives it through
 * a small fake context instead of a night.
 */
import type { ReplicaEvent } from '../../machines/replicaMachine';
import type { ResolvedScenario } from '../../model/resolvedScenario';
import type { RecordSql, WriteOutcome } from '../database';
import type { PendingReply } from '../pendingReply';
import type { ReplicaProcess } from '../replicaProcess';
import type { ServiceView } from '../serviceHistory';
import type { Simulation } from '../simulation';
import type { ViolationMessage } from '../trace';
import type { JobWords } from './words';

/** What a job reads and changes of the simulation. */
export type JobContext = Pick<Simulation, 'scenario' | 'db' | 'nowMs' | 'log' | 'schedule' | 'sqlRecorder'> & {
  readonly processes: readonly JobProcess[];
};

/** What a job knows of a replica's process: its name, index and database session. */
export type JobProcess = Pick<ReplicaProcess, 'id' | 'index' | 'session'>;

/** Carries a reply that was owed (a claim that waited) to its replica (`answerRequest`). */
export type AnswerRequest = (pending: PendingReply, reply: ReplicaEvent) => void;

/** How I3 names the item done twice (`appliedTimes.unit`, part of the trace format). */
export type DuplicateUnit = Extract<ViolationMessage, { key: 'appliedTimes' }>['unit'];

/** I6: what is left undone at the window's end. */
export interface WorkLeft {
  readonly left: number;
  readonly total: number;
}

// Method syntax on purpose: the registry holds every job as `Job` (its state and step data
// unknown to the kernel), as the lock registry holds every service as `LockService`.
export interface Job<S = unknown, T = unknown> {
  /** The job's own tables at the night's start (null when it keeps nothing beyond `Database`). */
  createState(scenario: ResolvedScenario): S;
  /**
   * The LOAD step: the reply (the items to work on), or null when it is owed (a claim waiting
   * on a row lock): the job then answers it from one of its agenda steps.
   */
  load(sim: JobContext, state: S, process: JobProcess, pending: PendingReply, record: RecordSql): ReplicaEvent | null;
  /** One item's WRITE step, as the database (or the broker, the mail server) takes it. */
  write(
    sim: JobContext,
    state: S,
    process: JobProcess,
    itemIndex: number,
    token: number | null,
    record: RecordSql,
  ): WriteOutcome;
  /** The MARK_DONE step (always answered MARKED). */
  markDone(sim: JobContext, state: S, process: JobProcess, record: RecordSql): void;
  /** One of the job's own agenda steps (`{ kind: 'job', step }`), which it scheduled itself. */
  step(sim: JobContext, state: S, step: T, answer: AnswerRequest): void;
  /** A replica's process went down (crash or exit), before anything of it is reset. */
  replicaDown(sim: JobContext, state: S, process: JobProcess): void;
  /** I3's noun for this job's items. */
  readonly duplicateUnit: DuplicateUnit;
  /** I6: what is left undone at the window's end, or null when tonight's work is done. */
  workLeft(sim: JobContext, state: S): WorkLeft | null;
  /** True when the job has a lane in the service history, recorded after every step. */
  readonly recordsEveryStep: boolean;
  /** The job's lane now, for `ServiceHistory` (which drops a view that changes nothing). */
  serviceView(sim: JobContext, state: S): ServiceView | null;
  /** I7: the job's settings that are unsafe on their face (none of today's jobs has any). */
  lint(scenario: ResolvedScenario): ViolationMessage[];
  /** The English words for the job's items, for the command and the report's messages. */
  readonly words: JobWords;
}
