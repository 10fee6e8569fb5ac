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
import type { ServiceHistory } from './serviceHistory';
import type { GrantRecord, RunRecord, TraceEntry, Violation, WriteRecord } from './trace';
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
  // replaced, never changed in place (`Simulation.changeGrant`, `changeRun`).
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
 * per checkpoint would cost more than the rest); the queue's entries and the grant and run
 * records are immutable, so their arrays are copied and the records shared. The lock
 * service's and the job's states are small and opaque here: cloned whole.
 */
export function copyWorld(world: World): WorldCopy {
  return {
    state: copyState(world, null),
    logLengths: {
      entries: world.entries.length,
      writes: world.writes.length,
      violations: world.violations.length,
      serviceChanges: world.services.changes.length,
      zombieWindows: world.zombies.windows.length,
    },
  };
}

/**
 * Puts `target` back into `saved`, copying again (the copy stays as it was, for the next
 * restore) and cutting the logs to their saved lengths in new arrays, so a finished night's
 * trace, which shares the old ones, stays as it was.
 */
export function restoreWorld(target: World, saved: WorldCopy): void {
  Object.assign(target, copyState(saved.state, saved.logLengths));
}

/** Every field, with each mutable part copied (logs cut to `logLengths`, or shared when null). */
function copyState(world: World, logLengths: LogLengths | null): World {
  const cut = <T>(log: T[], length: number): T[] => (logLengths ? log.slice(0, length) : log);
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
      windows: cut(world.zombies.windows, logLengths?.zombieWindows ?? 0),
    },
    services: {
      changes: cut(world.services.changes, logLengths?.serviceChanges ?? 0),
      last: { ...world.services.last },
    },
    takenPauses: world.takenPauses.slice(),
    appliedAtMs: world.appliedAtMs.map((times) => times.slice()),
    highestAcceptedToken: world.highestAcceptedToken,
    rowGrantId: world.rowGrantId,
    entries: cut(world.entries, logLengths?.entries ?? 0),
    grants: world.grants.slice(),
    writes: cut(world.writes, logLengths?.writes ?? 0),
    runs: world.runs.slice(),
    violations: cut(world.violations, logLengths?.violations ?? 0),
    db: copyDatabase(world.db),
    lockState: plainCopy(world.lockState),
    jobState: plainCopy(world.jobState),
  };
}

/** The World's fields of `sim`, as their own object (for tests and tools that look at a night's state). */
export function worldOf(sim: World): World {
  return copyState(sim, null);
}
