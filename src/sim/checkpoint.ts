/**
 * A night's state between two steps, and putting a simulation back into it (`resimulate.ts`).
 *
 * A checkpoint is taken at a boundary: every event before `boundaryMs` has run and none at or
 * after it has. It is plain data: objects, arrays, primitives (no function, no class instance,
 * no process object), so `structuredClone` copies it exactly (`tests/checkpointPlainData.test.ts`).
 * The queue's items, lock waiters, waiting claims and held replies name what they wait for
 * (replica indices, the request a reply answers: `pendingReply.ts`), each process's actor is
 * its persisted snapshot and its decider names its memo states. A checkpoint therefore
 * restores into any simulation built for the night's configuration (`resimulate` builds a new
 * one each time), not only the one that took it.
 *
 * The append-only logs (trace entries, writes, violations, service changes, zombie windows)
 * are kept by length: their records are never changed once appended, and a restore gives the
 * simulation new arrays, so a finished night's trace, which shares them, stays as it was.
 * Grant and run records are replaced, never changed (`Simulation.changeGrant`, `changeRun`),
 * so a copy of the arrays of references is exact.
 */
import type { AgendaItem } from './agenda';
import type { Scheduled } from './eventQueue';
import type { ServiceState } from './serviceData';
import type { ServiceHistoryCheckpoint } from './serviceHistory';
import type { Simulation } from './simulation';
import {
  type DatabaseCheckpoint,
  type OutboxCheckpoint,
  type ProcessCheckpoint,
  restoreDatabase,
  restoreOutbox,
  restoreProcess,
  saveDatabase,
  saveOutbox,
  saveProcess,
} from './stateCopies';
import type { GrantRecord, RunRecord, TraceEntry, Violation, WriteRecord } from './trace';
import type { ZombieCheckpoint } from './zombieTracker';

export interface Checkpoint {
  /** Every event before this instant has run, none at or after it. */
  readonly boundaryMs: number;
  /** Queue steps taken so far (the step budget counts on). */
  readonly step: number;
  /** How many user events the checkpoint's scenario scheduled (their `seq`s follow the night's `environmentSeqFrom`). */
  readonly environmentCount: number;
  /** How many I7 findings open the violations (they are the scenario's, recomputed on restore). */
  readonly lintCount: number;
  readonly nowMs: number;
  readonly queue: readonly Scheduled<AgendaItem>[];
  readonly nextSeq: number;
  readonly nextMessageId: number;
  readonly takenPauses: readonly boolean[];
  readonly db: DatabaseCheckpoint;
  /** The lock service's state (plain data), copied. */
  readonly lockState: ServiceState;
  readonly outbox: OutboxCheckpoint | null;
  readonly processes: readonly ProcessCheckpoint[];
  readonly services: ServiceHistoryCheckpoint;
  readonly zombies: ZombieCheckpoint;
  readonly appliedAtMs: readonly (readonly number[])[];
  readonly highestAcceptedToken: number | null;
  readonly rowGrantId: number | null;
  readonly machineEventCount: number;
  readonly entries: readonly TraceEntry[];
  readonly entryCount: number;
  readonly writes: readonly WriteRecord[];
  readonly writeCount: number;
  readonly violations: readonly Violation[];
  readonly violationCount: number;
  readonly grants: readonly GrantRecord[];
  readonly runs: readonly RunRecord[];
}

/** Takes a checkpoint at a boundary (`runLoop`'s `atBoundary`). */
export function takeCheckpoint(
  sim: Simulation,
  at: {
    readonly boundaryMs: number;
    readonly step: number;
    readonly environmentCount: number;
    readonly lintCount: number;
  },
): Checkpoint {
  const queue = sim.queue.entries();
  // A same-instant wake-up holds claims that change as they run; at a boundary every such step has run.
  if (queue.some(({ item }) => item.kind === 'outboxClaimsWoken')) {
    throw new Error(`a checkpoint at ${at.boundaryMs} with a same-instant step still queued`);
  }
  return {
    ...at,
    nowMs: sim.nowMs,
    queue,
    nextSeq: sim.queue.nextSeq,
    nextMessageId: sim.nextMessageIdValue,
    takenPauses: sim.faults.takenPauses(),
    db: saveDatabase(sim.db),
    lockState: structuredClone(sim.lockState),
    outbox: sim.outbox ? saveOutbox(sim.outbox) : null,
    processes: sim.processes.map(saveProcess),
    services: sim.services.checkpoint(),
    zombies: sim.zombies.checkpoint(),
    appliedAtMs: sim.appliedAtMs.map((times) => times.slice()),
    highestAcceptedToken: sim.highestAcceptedToken,
    rowGrantId: sim.rowGrantId,
    machineEventCount: sim.machineEventCount,
    entries: sim.entries,
    entryCount: sim.entries.length,
    writes: sim.writes,
    writeCount: sim.writes.length,
    violations: sim.violations,
    violationCount: sim.violations.length,
    grants: sim.grants.slice(),
    runs: sim.runs.slice(),
  };
}

/** What the restored simulation continues with: its queue and its opening I7 findings. */
export interface Resumption {
  readonly queue: readonly Scheduled<AgendaItem>[];
  readonly nextSeq: number;
  readonly lint: readonly Violation[];
}

/**
 * Puts `sim` back into `checkpoint`, with `resumption`'s queue (the caller has swapped the
 * user events for the new scenario's) and I7 findings. `sim` is a simulation of the new
 * scenario (`newSimulation`), which differs from the checkpoint's in its events only.
 */
export function restoreCheckpoint(sim: Simulation, checkpoint: Checkpoint, resumption: Resumption): void {
  sim.nowMs = checkpoint.nowMs;
  sim.truncatedAtMs = null;
  sim.queue.restore(resumption.queue, resumption.nextSeq);
  sim.adoptEvents(sim.scenario, checkpoint.nextMessageId, checkpoint.takenPauses);
  restoreDatabase(sim.db, checkpoint.db);
  sim.lockState = structuredClone(checkpoint.lockState);
  if (sim.outbox && checkpoint.outbox) restoreOutbox(sim.outbox, checkpoint.outbox);
  sim.processes.forEach((process, index) => {
    const saved = checkpoint.processes[index];
    if (!saved) throw new Error(`checkpoint without process ${index}`);
    restoreProcess(process, saved);
  });
  sim.services.restore(checkpoint.services);
  sim.zombies.restore(checkpoint.zombies);
  sim.appliedAtMs = checkpoint.appliedAtMs.map((times) => times.slice());
  sim.highestAcceptedToken = checkpoint.highestAcceptedToken;
  sim.rowGrantId = checkpoint.rowGrantId;
  sim.machineEventCount = checkpoint.machineEventCount;
  sim.entries = checkpoint.entries.slice(0, checkpoint.entryCount);
  sim.writes = checkpoint.writes.slice(0, checkpoint.writeCount);
  sim.violations = [
    ...resumption.lint,
    ...checkpoint.violations.slice(checkpoint.lintCount, checkpoint.violationCount),
  ];
  sim.grants = checkpoint.grants.slice();
  sim.runs = checkpoint.runs.slice();
}
