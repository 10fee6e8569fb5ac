/**
 * A night's whole state as one plain-data `World`: objects, arrays, primitives, no class
 * instance, no closure (pending work and pending replies are data: `agenda.ts`,
 * `pendingReply.ts`). `Simulation` holds these fields itself (`Simulation implements World`),
 * so the mechanisms keep reading `sim.grants` or `sim.processes[i]`; what it derives from the
 * scenario or wires up (clocks, the fault plan, the deciders' actors and memo, observers) is in
 * its `runtime`, never here.
 *
 * A checkpoint is a copy of the World (`copyWorld`) plus the running actors' persisted
 * snapshots (`checkpoints/checkpoint.ts`). The database, the lock service's state and the job's state are
 * part of it like the rest: plain data, the services' and the jobs' opaque to the kernel and
 * copied whole.
 */
import type { AgendaItem } from './agenda';
import { copyDatabase, type Database } from './database';
import type { EventQueue } from './eventQueue';
import { plainCopy } from './plainCopy';
import { copyProcess, type ReplicaProcess } from './replicaProcess';
import type { ServiceState } from './serviceData';
import type { ServiceChange, ServiceHistory } from './serviceHistory';
import type { GrantRecord, RunRecord, TraceEntry, Violation, WriteRecord, ZombieWindow } from './trace';
import type { ZombieTracker } from './zombieTracker';

export interface World {
  /** True time of the step running now. */
  nowMs: number;
  /** Where the step budget ran out, or null. */
  truncatedAtMs: number | null;
  machineEventCount: number;
  /** The id the next message sent gets. */
  nextFreeMessageId: number;
  queue: EventQueue<AgendaItem>;
  processes: ReplicaProcess[];
  zombies: ZombieTracker;
  /** What the lock service and the outbox held, change by change (the mechanism lanes). */
  services: ServiceHistory;
  /** Which of the scenario's pauses-before-write were taken (`FaultPlan.takePauseBeforeWrite`). */
  takenPauses: boolean[];
  /** True times of accepted writes per item (I3). */
  appliedAtMs: number[][];
  highestAcceptedToken: number | null;
  /** The grant the `shedlock` row currently records (the last successful acquire). */
  rowGrantId: number | null;
  // The logs. Entries, writes and violations are only appended; grant and run records are
  // replaced, never changed in place (`Simulation.changeGrant`, `changeRun`). A run record is
  // replaced only while it is its process's current run (`ReplicaProcess.run`), so the runs
  // are kept like a log too: by length, with the processes' current runs laid over them.
  entries: TraceEntry[];
  grants: GrantRecord[];
  writes: WriteRecord[];
  runs: RunRecord[];
  violations: Violation[];
  /** The database's tables (`database.ts`). */
  db: Database;
  /** The lock service's state (`LockService.createState`: plain data only the service reads), or null. */
  lockState: ServiceState;
  /** The job's own tables (`Job.createState`: plain data, e.g. the outbox table), or null. */
  jobState: unknown;
}

/** How long each append-only log was when the World was copied. */
export interface LogLengths {
  readonly entries: number;
  readonly writes: number;
  readonly runs: number;
  readonly violations: number;
  readonly serviceChanges: number;
  readonly zombieWindows: number;
}

/** A copy of the World; its logs are the World's own arrays, valid up to `logLengths`. */
export interface WorldCopy {
  readonly state: World;
  readonly logLengths: LogLengths;
}

/**
 * The World now, as a copy no later step changes. The append-only logs are kept by
 * length (a record is never changed once appended: copying tens of thousands of trace entries
 * per checkpoint would cost more than the rest), the runs too (`restoreWorld` lays the
 * processes' current runs over them); the queue's entries and the grant records are
 * immutable, so their arrays are copied and the records shared. The lock
 * service's and the job's states are small and opaque here: cloned whole.
 */
export function copyWorld(world: World): WorldCopy {
  return {
    state: copyState(world, logsOf(world)),
    logLengths: {
      entries: world.entries.length,
      writes: world.writes.length,
      runs: world.runs.length,
      violations: world.violations.length,
      serviceChanges: world.services.changes.length,
      zombieWindows: world.zombies.windows.length,
    },
  };
}

/**
 * `saved` as a World of its own, copied again (the copy stays as it was, for the next restore)
 * with the logs cut to their saved lengths in new arrays, so a finished night's trace, which
 * shares the old ones, stays as it was.
 */
export function restoredWorld(saved: WorldCopy): World {
  const lengths = saved.logLengths;
  const logs = logsOf(saved.state);
  return worldWithLogs(saved, {
    entries: logs.entries.slice(0, lengths.entries),
    writes: logs.writes.slice(0, lengths.writes),
    runs: logs.runs.slice(0, lengths.runs),
    violations: logs.violations.slice(0, lengths.violations),
    serviceChanges: logs.serviceChanges.slice(0, lengths.serviceChanges),
    zombieWindows: logs.zombieWindows.slice(0, lengths.zombieWindows),
  });
}

/** The World's logs: its append-only arrays, and the runs (see `World`). */
export interface WorldLogs {
  readonly entries: TraceEntry[];
  readonly writes: WriteRecord[];
  readonly runs: RunRecord[];
  readonly violations: Violation[];
  readonly serviceChanges: ServiceChange[];
  readonly zombieWindows: ZombieWindow[];
}

/** The World's own log arrays (shared, not copied). */
export function logsOf(world: World): WorldLogs {
  return {
    entries: world.entries,
    writes: world.writes,
    runs: world.runs,
    violations: world.violations,
    serviceChanges: world.services.changes,
    zombieWindows: world.zombies.windows,
  };
}

/**
 * Puts `target` into `saved`'s state, copied, with `logs` as its logs (the caller's arrays,
 * used as they are: `restoreWorld` cuts the saved ones; `checkpoints/tailReuse.ts` joins two
 * nights'). A run replaced after the copy was taken was then some process's current run: the
 * copy's process holds the run as it was, and is laid over `logs.runs`.
 */
export function restoreWorldWithLogs(target: World, saved: WorldCopy, logs: WorldLogs): void {
  Object.assign(target, worldWithLogs(saved, logs));
}

/** `saved`'s state, copied, with `logs` as its logs and the processes' current runs laid over them. */
function worldWithLogs(saved: WorldCopy, logs: WorldLogs): World {
  const state = copyState(saved.state, logs);
  for (const process of state.processes) if (process.run) state.runs[process.run.runId] = process.run;
  return state;
}

/** Every field, with each mutable part copied, and `logs` as the logs. */
function copyState(world: World, logs: WorldLogs): World {
  return {
    nowMs: world.nowMs,
    truncatedAtMs: world.truncatedAtMs,
    machineEventCount: world.machineEventCount,
    nextFreeMessageId: world.nextFreeMessageId,
    queue: { heap: world.queue.heap.slice(), nextSeq: world.queue.nextSeq },
    processes: world.processes.map(copyProcess),
    zombies: {
      ...world.zombies,
      believedGrant: world.zombies.believedGrant.slice(),
      zombie: world.zombies.zombie.slice(),
      openZombies: world.zombies.openZombies.slice(),
      openTakers: world.zombies.openTakers.slice(),
      windows: logs.zombieWindows,
    },
    services: {
      changes: logs.serviceChanges,
      last: { ...world.services.last },
    },
    takenPauses: world.takenPauses.slice(),
    appliedAtMs: world.appliedAtMs.map((times) => times.slice()),
    highestAcceptedToken: world.highestAcceptedToken,
    rowGrantId: world.rowGrantId,
    entries: logs.entries,
    grants: world.grants.slice(),
    writes: logs.writes,
    runs: logs.runs,
    violations: logs.violations,
    db: copyDatabase(world.db),
    lockState: plainCopy(world.lockState),
    jobState: plainCopy(world.jobState),
  };
}

/** The World's fields of `sim`, as their own object (for tests and tools that look at a night's state). */
export function worldOf(sim: World): World {
  return copyState(sim, logsOf(sim));
}
