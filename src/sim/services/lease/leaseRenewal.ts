/**
 * The leader's renew iterations, as client-go runs them: `renew()` is
 * `wait.UntilWithContext` around `PollUntilContextTimeout(ctx, retryPeriod, renewDeadline, ...)`,
 * so each iteration makes its own `renewDeadline` timeout when it actually runs. An iteration
 * that fell due while the process was paused starts at the resume, not at its due time and not
 * at the last success: a leader woken after a long pause leads, and its job works, until that
 * deadline, while its renewals fail against the new holder. A request still in flight at the
 * deadline is abandoned (the iteration's context is cancelled). Losing leadership is final for
 * the elector: `Run()` returns after `OnStoppedLeading`.
 */
import type { LeaseConfig } from '../../../model/resolvedScenario';
import { EventClass } from '../../eventQueue';
import type { LeaseContext, LeaseProcess } from './leaseContext';
import { leaseClientOf } from './leaseRecord';

/** The running iteration's `renewDeadline` timer, on the leader's monotonic clock. */
export interface ElectorDeadline {
  readonly kind: 'electorDeadline';
  readonly replica: number;
  readonly generation: number;
  readonly iteration: number;
}

/**
 * At one of the leader's ticks (or its resume): true when the iteration may try a renewal now.
 * Starts an iteration if none is running; stops leading if the running one's deadline has passed
 * (client-go checks `ctx.Err()` before each try, so a deadline that passed during a pause wins
 * over the tick that fell due with it).
 */
export function renewIterationTries(sim: LeaseContext, process: LeaseProcess, config: LeaseConfig): boolean {
  const elector = leaseClientOf(process).elector;
  const clock = sim.replicaClock(process);
  const monoNowMs = clock.monotonicAt(process.instantMs);
  if (elector.iterationDeadlineMonoMs !== null) {
    if (monoNowMs < elector.iterationDeadlineMonoMs) return true;
    stopLeading(sim, process);
    return false;
  }
  elector.iteration += 1;
  elector.iterationDeadlineMonoMs = monoNowMs + config.renewDeadlineMs;
  const atMs = clock.trueTimeWhenMonotonicReaches(elector.iterationDeadlineMonoMs, process.instantMs);
  if (atMs < sim.scenario.windowToMs) {
    const deadline: ElectorDeadline = {
      kind: 'electorDeadline',
      replica: process.index,
      generation: elector.generation,
      iteration: elector.iteration,
    };
    sim.schedule(atMs, EventClass.timer, process.index, { kind: 'service', payload: deadline });
  }
  return true;
}

/** A renewal succeeded: the iteration is over; the next starts at the next tick. */
export function renewIterationSucceeded(process: LeaseProcess): void {
  leaseClientOf(process).elector.iterationDeadlineMonoMs = null;
}

/** True while the iteration that sent a renewal still waits for it (not over, not abandoned). */
export function renewIterationAwaits(process: LeaseProcess, iteration: number): boolean {
  const elector = leaseClientOf(process).elector;
  return elector.leading && elector.iteration === iteration && elector.iterationDeadlineMonoMs !== null;
}

/**
 * The iteration's deadline fell due. Nothing if a renewal succeeded meanwhile; a paused process
 * meets it on resume (`resumeTimer`, which ticks and finds it passed), a starved one when the
 * span ends; otherwise leadership is lost now.
 */
export function electorDeadlineDue(sim: LeaseContext, process: LeaseProcess, deadline: ElectorDeadline): void {
  const elector = leaseClientOf(process).elector;
  if (deadline.generation !== elector.generation || process.proc === 'down') return;
  if (!renewIterationAwaits(process, deadline.iteration)) return;
  if (process.proc === 'paused') {
    if (!process.overdue.some((timer) => timer.kind === 'service'))
      process.overdue.push({ kind: 'service', dueMs: sim.nowMs });
    return;
  }
  const starved = sim.isStarved(process, sim.nowMs);
  if (starved) {
    sim.schedule(starved.toMs, EventClass.timer, process.index, { kind: 'service', payload: deadline });
    return;
  }
  process.instantMs = sim.nowMs;
  stopLeading(sim, process);
}

/** `renewDeadline` passed without a renewal: leadership is lost, for good (STOPPED), and `onLockLost` applies. */
function stopLeading(sim: LeaseContext, process: LeaseProcess): void {
  const client = leaseClientOf(process);
  const elector = client.elector;
  elector.leading = false;
  elector.stopped = true;
  elector.iterationDeadlineMonoMs = null;
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
