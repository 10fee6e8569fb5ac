/**
 * A night's whole state as one plain-data `World`: objects, arrays, primitives, no class
 * instance, no closure (pending work and pending replies are data: `agenda.ts`,
 * `pendingReply.ts`). `Simulation` holds these fields itself (`Simulation implements World`),
 * so the mechanisms keep reading `sim.grants` or `sim.processes[i]`; what it derives from the
 * scenario or wires up (clocks, the fault plan, the deciders' actors and memo, observers) is in
 * its `runtime`, never here.
 *
 * A checkpoint is a copy of the World (`copyWorld`) plus the running actors' persisted
 * snapshots (`checkpoint.ts`). The lock and job stores (`db`, `redis`, `redisGrantByValue`,
 * `leaseRecord`, `consensus`, `jobState`) belong to the World too but are saved by their own
 * modules (`StoreField`) until they are plain data themselves.
 */
import type { AgendaItem } from './agenda';
import type { Database } from './database';
import type { EventQueue } from './eventQueue';
import { copyProcess, type ReplicaProcess } from './replicaProcess';
import type { ServiceHistory } from './serviceHistory';
import type { ConsensusStore } from './services/consensus/consensusStore';
import type { LeaseRecord } from './services/lease/leaseRecord';
import type { RedisStore } from './services/redis/redisStore';
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
  // The lock and job stores, saved by their own modules (see `StoreField`).
  readonly db: Database;
  readonly redis: RedisStore | null;
  /** Which grant each Redis lock value belongs to (values are unique per grant). */
  readonly redisGrantByValue: Map<string, number>;
  readonly leaseRecord: LeaseRecord;
  readonly consensus: ConsensusStore | null;
  /** The job's own tables (`Job.createState`: plain data, e.g. the outbox table), or null. */
  jobState: unknown;
}

/** The stores whose own modules save and restore them (`stateCopies.ts`, `redisStore.ts`). */
export type StoreField = 'db' | 'redis' | 'redisGrantByValue' | 'leaseRecord' | 'consensus' | 'jobState';

/** The kernel's part of the World: what `copyWorld` copies. */
export type KernelWorld = Omit<World, StoreField>;

/** How long each append-only log was when the World was copied. */
export interface LogLengths {
  readonly entries: number;
  readonly writes: number;
  readonly violations: number;
  readonly serviceChanges: number;
  readonly zombieWindows: number;
}

/** A copy of the kernel's World; its logs are the World's own arrays, valid up to `logLengths`. */
export interface WorldCopy {
  readonly state: KernelWorld;
  readonly logLengths: LogLengths;
}

/**
 * The kernel's World now, as a copy no later step changes. The append-only logs are kept by
 * length (a record is never changed once appended: copying tens of thousands of trace entries
 * per checkpoint would cost more than the rest); the queue's entries and the grant and run
 * records are immutable, so their arrays are copied and the records shared.
 */
export function copyWorld(world: World): WorldCopy {
  return {
    state: copyKernel(world, null),
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
  Object.assign(target, copyKernel(saved.state, saved.logLengths));
}

/** Every kernel field, with each mutable part copied (logs cut to `logLengths`, or shared when null). */
function copyKernel(world: KernelWorld, logLengths: LogLengths | null): KernelWorld {
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
  };
}

/** The World's fields of `sim`, as their own object (for tests and tools that look at a night's state). */
export function worldOf(sim: World): World {
  return { ...copyKernel(sim, null), ...storesOf(sim) };
}

function storesOf(world: World): Pick<World, StoreField> {
  const { db, redis, redisGrantByValue, leaseRecord, consensus, jobState } = world;
  return { db, redis, redisGrantByValue, leaseRecord, consensus, jobState };
}
