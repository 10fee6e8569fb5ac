/**
 * What a simulation derives from its scenario or wires up, beside its World (`simulation.ts`):
 * the node clocks, the replicas' machine inputs, the fault plan, the deciders' actors and memo,
 * the observers and the SQL recorder. Rebuilt with each simulation, never in a checkpoint.
 */
import type { ReplicaEvent, ReplicaMachineInput } from '../machines/replicaMachine';
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { RecordSql } from './database';
import { FaultPlan, type LockEndpoint } from './faultPlan';
import { replicaMachineInput } from './machineInput';
import { NodeClock } from './nodeClock';
import type { ReplicaDecider } from './replicaDecider';
import type { ReplicaProcess } from './replicaProcess';
import type { ServiceClient, ServiceState } from './serviceData';
import type { TraceEntry } from './trace';

/**
 * What the night's lock service tells the simulation it is built with: `simulate.ts` asks the
 * registry (`services/registry.ts`), which this file may not import (the services import it).
 */
export interface LockWiring {
  /** `LockService.endpoint`: where lock statements go, and what a partition cuts off. */
  readonly endpoint: LockEndpoint | null;
  /** `LockService.mintsTokenAfterLoad`, for the replicas' machine input. */
  readonly mintsTokenAfterLoad: boolean;
  /** `LockService.clockNodes`: the service's nodes with a clock of their own (`redis`). */
  readonly clockNodes: readonly string[];
  /** `LockService.createState`: the service's state at the night's start. */
  readonly state: ServiceState;
  /** `LockService.createClient` of each replica, by index: its client on the process. */
  readonly clients: readonly ServiceClient[];
}

/** The runtime's parts (see the file's header). */
export interface SimulationRuntime {
  readonly dbClock: NodeClock;
  /** Replica `i`'s clock. */
  readonly replicaClocks: readonly NodeClock[];
  /** Clocks by node (`db`, the lock service's `clockNodes`, replica ids); an unknown node reads true time. */
  readonly clocks: ReadonlyMap<string, NodeClock>;
  readonly trueClock: NodeClock;
  readonly machineInputs: readonly ReplicaMachineInput[];
  readonly reuseMachineReactions: boolean;
  /** Replica `i`'s actor and memo, beside `processes[i].decider`; null while it has none. */
  readonly deciders: (ReplicaDecider | null)[];
  readonly faults: FaultPlan;
  readonly onMachineEvent: ((replicaIndex: number, event: ReplicaEvent | null) => void) | null;
  /** Set by `newSimulation` so a machine-requested exit crashes the process the same way. */
  onExit: (process: ReplicaProcess) => void;
  /** Set by `newSimulation`: the lock service's `runEnded` (ShedLock's keep-alive ends with the run). */
  onRunEnded: (process: ReplicaProcess) => void;
  /** Whose statements `recordSql` records now (`sqlRecorder`). */
  readonly sql: { replica: string | null; session: string | null; messageId: number | null };
  readonly recordSql: RecordSql;
}

/**
 * The runtime of a simulation of `scenario`; `nowMs` reads the simulation's true time and
 * `append` adds an entry to its log.
 */
export function newRuntime(
  scenario: ResolvedScenario,
  lockWiring: LockWiring,
  onMachineEvent: SimulationRuntime['onMachineEvent'],
  reuseMachineReactions: boolean,
  nowMs: () => number,
  append: (entry: TraceEntry) => void,
  keepsEntries: () => boolean,
): SimulationRuntime {
  const jumpsOf = (node: string) =>
    scenario.events.flatMap((event) =>
      event.type === 'clockJump' && event.node === node ? [{ atMs: event.atMs, byMs: event.byMs }] : [],
    );
  const dbClock = new NodeClock(0, 0, scenario.windowFromMs, jumpsOf('db'));
  const replicaClocks = scenario.replicas.map(
    (replica) =>
      new NodeClock(replica.clockOffsetMs, replica.clockDriftPpm, scenario.windowFromMs, jumpsOf(replica.id)),
  );
  const clocks = new Map<string, NodeClock>([['db', dbClock]]);
  for (const node of lockWiring.clockNodes) {
    clocks.set(node, new NodeClock(0, 0, scenario.windowFromMs, jumpsOf(node)));
  }
  scenario.replicas.forEach((replica, index) => {
    clocks.set(replica.id, replicaClocks[index] as NodeClock);
  });
  const sql: SimulationRuntime['sql'] = { replica: null, session: null, messageId: null };
  return {
    dbClock,
    replicaClocks,
    clocks,
    trueClock: new NodeClock(0, 0, scenario.windowFromMs, []),
    machineInputs: scenario.replicas.map((replica) =>
      replicaMachineInput(scenario, replica, lockWiring.mintsTokenAfterLoad),
    ),
    reuseMachineReactions,
    deciders: scenario.replicas.map(() => null),
    faults: new FaultPlan(scenario, lockWiring.endpoint),
    onMachineEvent,
    onExit: () => {
      throw new Error('onExit not wired');
    },
    onRunEnded: () => {
      throw new Error('onRunEnded not wired');
    },
    sql,
    recordSql: (statement, rows, note) => {
      // A verdict-only night keeps no entries: it builds none.
      if (!keepsEntries()) return;
      const atMs = nowMs();
      // Built whole, stamp last as the simulation's `log` orders it (`Simulation.append`).
      append({
        kind: 'sql',
        replica: sql.replica,
        session: sql.session,
        messageId: sql.messageId,
        statement,
        rows,
        note,
        atMs,
        node: 'db',
        localMs: dbClock.wallAt(atMs),
      });
    },
  };
}
