/**
 * The client side shared by the two keep-alives that run on a replica's monotonic clock,
 * ShedLock's `KeepAliveLockProvider` (`shedlock/keepAlive.ts`) and an etcd / ZooKeeper
 * session's keep-alive (`consensus/sessionKeepAlive.ts`): the tick timer (held over a pause,
 * deferred by a starved renewer) and the request it sends. Each service reads the request at
 * its own server and decides what the answer means.
 */
import { EventClass } from '../eventQueue';
import type { ReplicaProcess } from '../replicaProcess';
import type { Simulation } from '../simulation';
import { REQUEST_TIMEOUT_MS } from '../simulation';

/** What a keep-alive's client touches of the simulation (a test's fake context provides it). */
export type KeepAliveContext = Pick<
  Simulation,
  'nowMs' | 'log' | 'schedule' | 'nextMessageId' | 'serviceOf' | 'isStarved' | 'isPartitioned'
>;

/** What a keep-alive's client knows of its process. */
export type KeepAliveProcess = Pick<
  ReplicaProcess,
  'index' | 'id' | 'proc' | 'overdue' | 'instantMs' | 'latencyMs' | 'incarnation' | 'lockClient'
>;

/** The part of a service's client (`lockClient`) a keep-alive keeps. */
export interface KeepAliveClient {
  readonly kind: string;
  /** Bumped when a keep-alive ends: its ticks and answers still on their way are stale. */
  keepAliveGeneration: number;
}

/** The keep-alive part of the process's client (ShedLock's, an etcd / ZooKeeper session's). */
export function keepAliveClientOf(process: Pick<ReplicaProcess, 'lockClient'>): KeepAliveClient {
  const client = process.lockClient;
  if (client === null || !('keepAliveGeneration' in client)) throw new Error('a keep-alive without its client');
  return client as KeepAliveClient;
}

/** The tick timer of the keep-alive of `generation` (older generations are stale). */
export interface KeepAliveTick {
  readonly kind: 'keepAliveTick';
  readonly replica: number;
  readonly generation: number;
}

/** A keep-alive on its way to the server (or, `lost` in a partition, the client's timeout). */
export interface KeepAliveRequest {
  readonly kind: 'keepAliveRequest';
  readonly replica: number;
  readonly incarnation: number;
  readonly generation: number;
  readonly messageId: number;
  readonly sentInstantMs: number;
  /** Lost in a partition: this is the client's timeout, not the server receiving it. */
  readonly lost: boolean;
}

/** Schedules the process's current keep-alive tick at `atMs`. */
export function scheduleKeepAliveTick(sim: KeepAliveContext, process: KeepAliveProcess, atMs: number): void {
  const tick: KeepAliveTick = {
    kind: 'keepAliveTick',
    replica: process.index,
    generation: keepAliveClientOf(process).keepAliveGeneration,
  };
  sim.schedule(atMs, EventClass.timer, process.index, { kind: 'service', payload: tick });
}

/**
 * The tick timer fell due: true when the tick runs now (at the process's instant). A paused
 * process runs it once on resume (`LockService.resumeTimer`); a starved renewer when the span ends.
 */
export function keepAliveTickRuns(sim: KeepAliveContext, process: KeepAliveProcess, tick: KeepAliveTick): boolean {
  if (tick.generation !== keepAliveClientOf(process).keepAliveGeneration || process.proc === 'down') return false;
  if (process.proc === 'paused') {
    if (!process.overdue.some((timer) => timer.kind === 'service'))
      process.overdue.push({ kind: 'service', dueMs: sim.nowMs });
    return false;
  }
  const starved = sim.isStarved(process, sim.nowMs);
  if (starved) {
    sim.log(process.id, { kind: 'keepAlive', outcome: 'deferred' });
    sim.schedule(starved.toMs, EventClass.timer, process.index, { kind: 'service', payload: tick });
    return false;
  }
  process.instantMs = sim.nowMs;
  return true;
}

/** Sends one keep-alive (ShedLock's extend, or a consensus session's LeaseKeepAlive). */
export function sendKeepAlive(sim: KeepAliveContext, process: KeepAliveProcess): void {
  const messageId = sim.nextMessageId();
  const arriveMs = process.instantMs + process.latencyMs;
  const to = sim.serviceOf('extend');
  sim.log(process.id, { kind: 'send', messageId, request: 'extend', to, arriveMs });
  const lostInPartition = sim.isPartitioned(process, to, arriveMs);
  const request: KeepAliveRequest = {
    kind: 'keepAliveRequest',
    replica: process.index,
    incarnation: process.incarnation,
    generation: keepAliveClientOf(process).keepAliveGeneration,
    messageId,
    sentInstantMs: process.instantMs,
    lost: lostInPartition,
  };
  const atMs = lostInPartition ? process.instantMs + REQUEST_TIMEOUT_MS : arriveMs;
  sim.schedule(atMs, EventClass.delivery, process.index, { kind: 'service', payload: request });
}
