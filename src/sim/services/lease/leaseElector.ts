/**
 * Leader election with a renewed lease, as Kubernetes client-go does it (docs/model.md §5.3, F13,
 * F14). Each replica runs an elector that ticks every `retryPeriod` from `trigger.at +
 * trigger.phase` on its own clock. A candidate times the lease from the last change of the
 * record it observed, on its own monotonic clock, and takes it over (compare-and-swap on the
 * record's version, `leaseTransitions + 1`) once `leaseDuration` has passed. The leader renews
 * in iterations (`leaseRenewal.ts`): one starts at the first tick after a success, or at the
 * resume if it fell due during a pause, and gives up `renewDeadline` after it started; then the
 * leader stops leading for good (`onLockLost`: `exit` as Kubernetes components do, `cancel`,
 * `continue`). A paused process ticks on resume; a starved renewer skips its ticks. The job runs
 * only on the leader, when its trigger fires; `leaseTransitions` is its epoch token when `lock.token`.
 */
import type { LeaseConfig } from '../../../model/resolvedScenario';
import { EventClass } from '../../eventQueue';
import { REQUEST_TIMEOUT_MS } from '../../simulation';
import type { LeaseContext, LeaseProcess } from './leaseContext';
import { leaseClientOf } from './leaseRecord';
import { renewIterationAwaits, renewIterationSucceeded, renewIterationTries } from './leaseRenewal';
import { leaseRecordOf } from './leaseState';

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
  /** The leader's renew iteration that sent it; null for a candidate's try. */
  readonly iteration: number | null;
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
  // A STOPPED elector has returned from Run(): it ticks no more.
  if (tick.generation !== elector.generation || process.proc === 'down' || elector.stopped) return;
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
  electorTick(sim, process, config);
}

/**
 * One try, at a tick or on resume: a candidate tries to acquire; a leader renews within its
 * renew iteration (`leaseRenewal.ts`: started now if none runs, or stopped if its deadline has
 * passed). The request reaches the API server `latencyMs` later.
 */
export function electorTick(sim: LeaseContext, process: LeaseProcess, config: LeaseConfig): void {
  const elector = leaseClientOf(process).elector;
  if (elector.stopped) return;
  if (elector.leading && !renewIterationTries(sim, process, config)) return;
  const messageId = sim.nextMessageId();
  const arriveMs = process.instantMs + process.latencyMs;
  const request = elector.leading ? 'leaseRenew' : 'leaseTry';
  sim.log(process.id, { kind: 'send', messageId, request, to: 'api', arriveMs });
  const lost = sim.isPartitioned(process, 'api', arriveMs);
  const sent: ElectorRequest = {
    kind: 'electorRequest',
    replica: process.index,
    generation: elector.generation,
    iteration: elector.leading ? elector.iteration : null,
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
  if (item.generation !== elector.generation || process.proc === 'down' || elector.stopped) return;
  // A renewal whose iteration ended (a renewal succeeded, or its deadline cancelled it) was abandoned.
  if (item.iteration !== null && !renewIterationAwaits(process, item.iteration)) return;
  const monoMs = sim.replicaClock(process).monotonicAt(item.sentInstantMs);
  if (item.lost) {
    sim.log(process.id, {
      kind: 'timeout',
      messageId: item.messageId,
      request: item.iteration === null ? 'leaseTry' : 'leaseRenew',
    });
    return;
  }
  const record = leaseRecordOf(sim);
  const record_ = sim.sqlRecorder(process, item.messageId);
  if (record.version !== elector.observedVersion) {
    elector.observedVersion = record.version;
    elector.observedAtMonoMs = monoMs;
  }
  const apiNowMs = sim.dbClock.wallAt(sim.nowMs);
  if (item.iteration !== null) {
    const renewed = record.holder === process.id;
    if (renewed) {
      record.renewTimeMs = apiNowMs;
      record.renewedAtMs = sim.nowMs;
      record.version += 1;
      elector.observedVersion = record.version;
      renewIterationSucceeded(process);
      const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
      if (grant && grant.replica === process.id)
        sim.changeGrant(grant, { untilClockMs: apiNowMs + config.leaseDurationMs });
    }
    record_(
      { kind: 'leaseRenew', holder: process.id, transitions: record.transitions },
      renewed ? 1 : 0,
      renewed ? 'extended' : 'lost',
    );
    // A failed renewal ends nothing by itself: the iteration retries until its deadline.
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

/** The job's "acquire" under a lease: granted to the leader, with its term's epoch token. */
export function leaseJobGrant(sim: LeaseContext, process: LeaseProcess): { granted: boolean; token: number | null } {
  const { elector, grantId } = leaseClientOf(process);
  if (!elector.leading || grantId === null) return { granted: false, token: null };
  return { granted: true, token: sim.grants[grantId]?.token ?? null };
}
