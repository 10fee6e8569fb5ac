/**
 * Test fixture: a small fake of the kernel for driving one lock service without a night (the
 * services ask for a `Pick` of the simulation and the process). A real database and real
 * clocks, an array of grants, and recorders for what the service logs, runs, schedules and
 * tells a replica's machine. Time moves only when the test says (`at`).
 */
import type { ReplicaEvent } from '../../machines/replicaMachine';
import type { LockConfig, ResolvedReplica, ResolvedScenario } from '../../model/resolvedScenario';
import type { AgendaItem } from '../agenda';
import { type Database, newDatabase, type RecordSql } from '../database';
import type { LockEndpoint } from '../faultPlan';
import { NodeClock } from '../nodeClock';
import { reconcileJob } from '../reconcileJob.testing';
import type { ReplicaProcess } from '../replicaProcess';
import type { ServiceClient, ServicePayload, ServiceState } from '../serviceData';
import type { ServiceView } from '../serviceHistory';
import type { Simulation } from '../simulation';
import type { SqlStatement } from '../sqlStatement';
import type { GrantRecord, SqlNote } from '../trace';

export const TWO_AM_MS = 7_200_000;

/** What the services know of a process, all of it (each service asks for a part). */
export type FakeProcess = Pick<
  ReplicaProcess,
  | 'index'
  | 'id'
  | 'proc'
  | 'activity'
  | 'overdue'
  | 'inbox'
  | 'instantMs'
  | 'latencyMs'
  | 'incarnation'
  | 'session'
  | 'sessionEpoch'
  | 'grantId'
  | 'lockClient'
>;

/** The kernel as the services see it. */
export interface FakeKernel {
  readonly scenario: ResolvedScenario;
  readonly db: Database;
  readonly dbClock: NodeClock;
  readonly recordServiceView: Simulation['recordServiceView'];
  readonly replicaClock: Simulation['replicaClock'];
  readonly replicaConfig: Simulation['replicaConfig'];
  readonly grants: GrantRecord[];
  readonly processes: readonly FakeProcess[];
  rowGrantId: number | null;
  nowMs: number;
  lockState: ServiceState;
  readonly log: Simulation['log'];
  readonly changeGrant: Simulation['changeGrant'];
  readonly schedule: Simulation['schedule'];
  readonly sqlRecorder: Simulation['sqlRecorder'];
  readonly nextMessageId: Simulation['nextMessageId'];
  readonly serviceOf: Simulation['serviceOf'];
  readonly isStarved: Simulation['isStarved'];
  readonly isPartitioned: Simulation['isPartitioned'];
  readonly clockOf: Simulation['clockOf'];
  sendToActor(process: FakeProcess, event: ReplicaEvent): void;
  onExit(process: FakeProcess): void;
}

export interface FakeNight {
  readonly ctx: FakeKernel;
  /** Each replica's configuration, by index (a test may replace one, e.g. its `onLockLost`). */
  readonly configs: ResolvedReplica[];
  readonly a: FakeProcess;
  readonly b: FakeProcess;
  /** Every statement the service ran, in order. */
  readonly sql: { readonly statement: SqlStatement; readonly rows: number; readonly note: SqlNote }[];
  /** What it logged: node and kind. */
  readonly logged: { readonly node: string; readonly kind: string }[];
  readonly scheduled: { readonly atMs: number; readonly replicaIndex: number; readonly item: AgendaItem }[];
  /** The service's views as it recorded them (Redis's nodes). */
  readonly views: { readonly atMs: number; readonly view: ServiceView }[];
  /** What it told a replica's machine, as `replica event`. */
  readonly told: string[];
  /** Processes that exited. */
  readonly exited: string[];
  readonly record: RecordSql;
  /** Moves true time to `nowMs`. */
  readonly at: (nowMs: number) => void;
  /** Cuts the replicas off from the lock's endpoint (a partition), or heals it. */
  readonly cut: (partitioned: boolean) => void;
}

function replica(index: number, id: string): ResolvedReplica {
  return {
    index,
    id,
    host: `orders-${index}`,
    clockOffsetMs: 0,
    clockDriftPpm: 0,
    triggerAtMs: TWO_AM_MS,
    triggerEveryMs: null,
    triggerPhaseMs: 0,
    loadMs: 20_000,
    perItemMs: 30_000,
    markDoneMs: 10_000,
    holderCheck: false,
    onLockLost: 'cancel',
  };
}

function fakeProcess(config: ResolvedReplica): FakeProcess {
  return {
    index: config.index,
    id: config.id,
    proc: 'up',
    activity: 'idle',
    overdue: [],
    inbox: [],
    instantMs: TWO_AM_MS,
    latencyMs: 2 + config.index,
    incarnation: 0,
    sessionEpoch: 0,
    // Sessions are named as `ReplicaProcess` names them: `<id>#<sessionEpoch>` (`renewSession`).
    session: `${config.id}#0`,
    grantId: null,
    lockClient: null,
  };
}

/**
 * Two replicas `a` and `b` under `lock`, at 02:00, with `service`'s state and clients (as
 * `newSimulation` makes them). `endpoint` is where the lock's statements go.
 */
export function fakeNight<L extends LockConfig>(
  lock: L,
  service: {
    createState(scenario: ResolvedScenario, lock: L): ServiceState;
    createClient(replica: ResolvedReplica, lock: L): ServiceClient;
  },
  options: { readonly endpoint?: LockEndpoint } = {},
): FakeNight {
  const scenario: ResolvedScenario = {
    title: 'lock service test',
    description: '',
    windowFromMs: TWO_AM_MS,
    windowToMs: TWO_AM_MS + 3_600_000,
    replicas: [replica(0, 'a'), replica(1, 'b')],
    job: reconcileJob([{ order: 1001, amountCents: 500 }]),
    lock,
    storage: { fencing: 'job', fenceOnAcquire: false, uniqueKey: false, lastToken: 6 },
    events: [],
  };
  const sql: FakeNight['sql'] = [];
  const logged: FakeNight['logged'] = [];
  const scheduled: FakeNight['scheduled'] = [];
  const views: FakeNight['views'] = [];
  const told: string[] = [];
  const exited: string[] = [];
  const record: RecordSql = (statement, rows, note) => sql.push({ statement, rows, note });
  const configs = [...scenario.replicas];
  const [a, b] = configs.map((config) => {
    const process = fakeProcess(config);
    process.lockClient = service.createClient(config, lock);
    return process;
  }) as [FakeProcess, FakeProcess];
  const grants: GrantRecord[] = [];
  const trueClock = new NodeClock(0, 0, TWO_AM_MS, []);
  const redisClock = new NodeClock(0, 0, TWO_AM_MS, []);
  let messageId = 1;
  const endpoint = options.endpoint ?? 'db';
  let partitioned = false;
  const ctx: FakeKernel = {
    scenario,
    db: newDatabase(scenario),
    dbClock: new NodeClock(0, 0, TWO_AM_MS, []),
    recordServiceView: (atMs, view) => views.push({ atMs, view }),
    // Every replica's clock reads true time here.
    replicaClock: () => trueClock,
    replicaConfig: (process) => configs[process.index] as ResolvedReplica,
    grants,
    processes: [a, b],
    rowGrantId: null,
    nowMs: TWO_AM_MS,
    lockState: service.createState(scenario, lock),
    log: (node, body) => logged.push({ node, kind: body.kind }),
    changeGrant: (grant, change) => {
      const next = { ...grant, ...change };
      grants[grant.grantId] = next;
      return next;
    },
    schedule: (atMs, _eventClass, replicaIndex, item) => scheduled.push({ atMs, replicaIndex, item }),
    sqlRecorder: () => record,
    nextMessageId: () => messageId++,
    serviceOf: (request) =>
      ['acquire', 'holderCheck', 'release', 'extend', 'leaseTry', 'leaseRenew'].includes(request) ? endpoint : 'db',
    isStarved: () => null,
    isPartitioned: (_process, service) => partitioned && service === endpoint,
    clockOf: (node) => (node === 'redis' ? redisClock : trueClock),
    sendToActor: (process, event) => told.push(`${process.id} ${event.type}`),
    onExit: (process) => exited.push(process.id),
  };
  const at = (nowMs: number): void => {
    ctx.nowMs = nowMs;
  };
  const cut = (on: boolean): void => {
    partitioned = on;
  };
  return { ctx, configs, a, b, sql, logged, scheduled, views, told, exited, record, at, cut };
}

/** The payload of the service item scheduled `index`-th (the test names the service's type), or a failure. */
export function payloadOf<P extends ServicePayload>(scheduled: FakeNight['scheduled'], index: number): P {
  const item = scheduled[index]?.item;
  if (item?.kind !== 'service') throw new Error(`scheduled item ${index} is not the service's`);
  return item.payload as P;
}
