/**
 * Leader election with a renewed lease, as Kubernetes client-go does it (docs/model.md §5.3, F13,
 * F14). Each replica runs an elector that ticks every `retryPeriod` from `trigger.at +
 * trigger.phase` on its own clock. A candidate times the lease from the last change of the
 * record it observed, on its own monotonic clock, and takes it over (compare-and-swap on the
 * record's version, `leaseTransitions + 1`) once `leaseDuration` has passed. The leader renews;
 * when renewal keeps failing for `renewDeadline` from the start of the iteration it stops
 * leading (`onLockLost`: `exit` as Kubernetes components do, `cancel`, `continue`). A paused
 * process ticks on resume; a starved renewer when the span ends. The job runs only on the
 * leader, when its trigger fires; `leaseTransitions` is its epoch token when `lock.token`.
 */
import type { ReplicaEvent } from '../../../machines/replicaMachine';
import type { LeaseConfig } from '../../../model/resolvedScenario';
import { EventClass } from '../../eventQueue';
import type { GrantLog } from '../../grantLog';
import type { ReplicaProcess } from '../../replicaProcess';
import type { Simulation } from '../../simulation';
import { REQUEST_TIMEOUT_MS } from '../../simulation';
import { leaseClientOf } from './leaseRecord';
import { leaseRecordOf } from './leaseState';

/** What leader election touches of the simulation (a test's fake context provides it). */
export type LeaseContext = GrantLog &
  Pick<
    Simulation,
    | 'scenario'
    | 'db'
    | 'dbClock'
    | 'lockState'
    | 'schedule'
    | 'nextMessageId'
    | 'isStarved'
    | 'isPartitioned'
    | 'sqlRecorder'
    | 'changeGrant'
    | 'replicaClock'
    | 'replicaConfig'
  > & {
    readonly processes: readonly LeaseProcess[];
    sendToActor(process: LeaseProcess, event: ReplicaEvent): void;
    onExit(process: LeaseProcess): void;
  };

/** What leader election knows of a replica's process: its elector, its clock, its trigger and its term. */
export type LeaseProcess = Pick<
  ReplicaProcess,
  | 'index'
  | 'id'
  | 'proc'
  | 'activity'
  | 'overdue'
  | 'instantMs'
  | 'latencyMs'
  | 'session'
  | 'sessionEpoch'
  | 'lockClient'
>;

/** The elector's tick timer, due at `dueWallMs` on the replica's wall clock. */
export interface ElectorTick {
  readonly kind: 'electorTick';
  readonly replica: number;
  readonly generation: number;
  readonly dueWallMs: number;
}

/** An iteration's request on its way to the API server (or, `lost` in a partition, the client's timeout). */
export interface ElectorRequest {
  readonly kind: 'electorRequest';
  readonly replica: number;
  readonly generation: number;
  readonly messageId: number;
  readonly sentInstantMs: number;
  readonly lost: boolean;
}

/** Schedules the next elector tick at `at + phase + k * retryPeriod` on the replica's wall clock. */
export function scheduleElectorTick(sim: LeaseContext, process: LeaseProcess, config: LeaseConfig): void {
  const elector = leaseClientOf(process).elector;
  const firstMs = sim.replicaConfig(process).triggerAtMs + sim.replicaConfig(process).triggerPhaseMs;
  const after = Math.max(elector.lastTickWallMs, sim.replicaClock(process).wallAt(sim.nowMs) - 1);
  const k = after < firstMs ? 0 : Math.floor((after - firstMs) / config.retryPeriodMs) + 1;
  const wallMs = firstMs + k * config.retryPeriodMs;
  const atMs = sim.replicaClock(process).trueTimeWhenWallReaches(wallMs, sim.nowMs);
  if (atMs >= sim.scenario.windowToMs) return;
  const tick: ElectorTick = {
    kind: 'electorTick',
    replica: process.index,
    generation: elector.generation,
    dueWallMs: wallMs,
  };
  sim.schedule(atMs, EventClass.timer, process.index, { kind: 'service', payload: tick });
}

/** The tick timer fell due. */
export function electorDue(sim: LeaseContext, process: LeaseProcess, config: LeaseConfig, tick: ElectorTick): void {
  const elector = leaseClientOf(process).elector;
  if (tick.generation !== elector.generation || process.proc === 'down') return;
  elector.lastTickWallMs = Math.max(
    elector.lastTickWallMs,
    tick.dueWallMs,
    sim.replicaClock(process).wallAt(sim.nowMs),
  );
  scheduleElectorTick(sim, process, config);
  if (process.proc === 'paused') {
    // Run once on resume (`LockService.resumeTimer`).
    if (!process.overdue.some((timer) => timer.kind === 'service'))
      process.overdue.push({ kind: 'service', dueMs: sim.nowMs });
    return;
  }
  if (sim.isStarved(process, sim.nowMs)) return;
  process.instantMs = sim.nowMs;
  electorTick(sim, process);
}

/** One iteration: try to acquire, or renew. The request reaches the API server `latencyMs` later. */
export function electorTick(sim: LeaseContext, process: LeaseProcess): void {
  const messageId = sim.nextMessageId();
  const arriveMs = process.instantMs + process.latencyMs;
  const elector = leaseClientOf(process).elector;
  const request = elector.leading ? 'leaseRenew' : 'leaseTry';
  sim.log(process.id, { kind: 'send', messageId, request, to: 'api', arriveMs });
  const lost = sim.isPartitioned(process, 'api', arriveMs);
  const sent: ElectorRequest = {
    kind: 'electorRequest',
    replica: process.index,
    generation: elector.generation,
    messageId,
    sentInstantMs: process.instantMs,
    lost,
  };
  sim.schedule(lost ? process.instantMs + REQUEST_TIMEOUT_MS : arriveMs, EventClass.delivery, process.index, {
    kind: 'service',
    payload: sent,
  });
}

/** The iteration's request at the API server (or its timeout), decided on the replica's clocks. */
export function electorAtApi(
  sim: LeaseContext,
  process: LeaseProcess,
  config: LeaseConfig,
  item: ElectorRequest,
): void {
  const elector = leaseClientOf(process).elector;
  if (item.generation !== elector.generation || process.proc === 'down') return;
  const monoMs = sim.replicaClock(process).monotonicAt(item.sentInstantMs);
  if (item.lost) {
    sim.log(process.id, {
      kind: 'timeout',
      messageId: item.messageId,
      request: elector.leading ? 'leaseRenew' : 'leaseTry',
    });
    if (elector.leading) renewFailed(sim, process, config, monoMs);
    return;
  }
  const record = leaseRecordOf(sim);
  const record_ = sim.sqlRecorder(process, item.messageId);
  if (record.version !== elector.observedVersion) {
    elector.observedVersion = record.version;
    elector.observedAtMonoMs = monoMs;
  }
  const apiNowMs = sim.dbClock.wallAt(sim.nowMs);
  if (elector.leading) {
    const renewed = record.holder === process.id;
    if (renewed) {
      record.renewTimeMs = apiNowMs;
      record.renewedAtMs = sim.nowMs;
      record.version += 1;
      elector.observedVersion = record.version;
      elector.iterationStartMonoMs = monoMs;
      const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
      if (grant && grant.replica === process.id)
        sim.changeGrant(grant, { untilClockMs: apiNowMs + config.leaseDurationMs });
    }
    record_(
      { kind: 'leaseRenew', holder: process.id, transitions: record.transitions },
      renewed ? 1 : 0,
      renewed ? 'extended' : 'lost',
    );
    if (!renewed) renewFailed(sim, process, config, monoMs);
    return;
  }
  const heldByOther = record.holder !== '' && record.holder !== process.id;
  if (heldByOther && elector.observedAtMonoMs + config.leaseDurationMs > monoMs) {
    record_({ kind: 'leaseGet', holder: record.holder, transitions: record.transitions }, 1, 'denied');
    return;
  }
  if (record.holder !== process.id) {
    record.transitions += 1;
    record.acquireTimeMs = apiNowMs;
  }
  record.holder = process.id;
  record.renewTimeMs = apiNowMs;
  record.renewedAtMs = sim.nowMs;
  record.version += 1;
  elector.observedVersion = record.version;
  elector.leading = true;
  elector.iterationStartMonoMs = monoMs;
  record_({ kind: 'leaseAcquire', holder: process.id, transitions: record.transitions }, 1, 'granted');
  startTerm(sim, process, config, apiNowMs);
}

function startTerm(sim: LeaseContext, process: LeaseProcess, config: LeaseConfig, apiNowMs: number): void {
  const record = leaseRecordOf(sim);
  const token = config.token ? record.transitions : null;
  const grantId = sim.grants.length;
  sim.grants.push({
    grantId,
    replica: process.id,
    token,
    tokenMs: token === null ? null : sim.nowMs,
    grantMs: sim.nowMs,
    untilClockMs: apiNowMs + config.leaseDurationMs,
    expires: true,
    clockNode: 'db',
    endMs: null,
    endReason: null,
    intendedEndMs: 0,
  });
  sim.rowGrantId = grantId;
  leaseClientOf(process).grantId = grantId;
  sim.log('db', {
    kind: 'grant',
    grantId,
    replica: process.id,
    token,
    untilClockMs: apiNowMs + config.leaseDurationMs,
    clockNode: 'db',
  });
}

/** A renewal failed: past `renewDeadline` from the iteration's start, leadership is lost. */
function renewFailed(sim: LeaseContext, process: LeaseProcess, config: LeaseConfig, monoMs: number): void {
  const client = leaseClientOf(process);
  const elector = client.elector;
  if (monoMs - elector.iterationStartMonoMs < config.renewDeadlineMs) return;
  elector.leading = false;
  const grant = client.grantId === null ? undefined : sim.grants[client.grantId];
  if (grant && grant.endMs === null) {
    sim.changeGrant(grant, { endMs: sim.nowMs, endReason: 'lost' });
  }
  client.grantId = null;
  sim.log(process.id, { kind: 'keepAlive', outcome: 'lost' });
  if (sim.replicaConfig(process).onLockLost === 'exit') {
    // OnStoppedLeading: klog.Fatalf("leaderelection lost"): the process exits, run or not.
    if (process.activity !== 'idle') sim.sendToActor(process, { type: 'LOCK_LOST' });
    else sim.onExit(process);
    return;
  }
  if (process.activity !== 'idle') sim.sendToActor(process, { type: 'LOCK_LOST' });
}

/** The job's "acquire" under a lease: granted to the leader, with its term's epoch token. */
export function leaseJobGrant(sim: LeaseContext, process: LeaseProcess): { granted: boolean; token: number | null } {
  const { elector, grantId } = leaseClientOf(process);
  if (!elector.leading || grantId === null) return { granted: false, token: null };
  return { granted: true, token: sim.grants[grantId]?.token ?? null };
}
