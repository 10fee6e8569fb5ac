/**
 * Process-level events and timers (docs/model.md §4 rows P, R, X, S, §3.2): resuming from a pause,
 * crashing, restarting, cron and poll instants, finished work, clock jumps, forced expiry and
 * "run now". Each handler runs at `sim.nowMs`.
 */

import { EventClass } from './eventQueue';
import { deliverHeld } from './heldReplies';
import { jobOf } from './jobs/registry';
import { type ReplicaProcess, renewSession } from './replicaProcess';
import { lockServiceOf } from './services/registry';
import type { Simulation } from './simulation';
import { nextTriggerWallMs } from './triggerSchedule';
import { stoppedBelieving } from './zombieTracker';

/** Resume (row R): overdue clock timers fire once each in due order, work continues, the inbox drains. */
export function resume(sim: Simulation, process: ReplicaProcess): void {
  if (process.proc !== 'paused' || process.pausedUntilMs !== sim.nowMs) return;
  process.proc = 'up';
  process.instantMs = sim.nowMs;
  sim.log(process.id, { kind: 'process', state: 'up', cause: 'resume' });
  const overdue = process.overdue.sort((a, b) => a.dueMs - b.dueMs);
  process.overdue = [];
  const lock = sim.scenario.lock;
  for (const timer of overdue) {
    if (process.proc !== 'up') return;
    process.instantMs = sim.nowMs;
    if (timer.kind === 'trigger') fireTrigger(sim, process, 'poll', sim.replicaClock(process).wallAt(timer.dueMs));
    else lockServiceOf(lock).resumeTimer(sim, process, lock);
  }
  if (process.proc !== 'up') return;
  if (process.heldWrite) {
    const write = process.heldWrite;
    process.heldWrite = null;
    process.instantMs = sim.nowMs;
    sim.sendRequest(process, write);
  }
  if (process.workRemainingMs !== null) {
    const dueMs = sim.nowMs + process.workRemainingMs;
    process.workRemainingMs = null;
    process.workDueMs = dueMs;
    process.workGeneration += 1;
    sim.schedule(dueMs, 3, process.index, { kind: 'work', replica: process.index, generation: process.workGeneration });
  }
  const inbox = process.inbox;
  process.inbox = [];
  for (const held of inbox) {
    if (process.proc !== 'up') return;
    process.instantMs = sim.nowMs;
    deliverHeld(sim, process, held);
  }
}

/** Crash (row X) or exit after a lost lock: the run and the lock belief are gone. */
export function crash(sim: Simulation, process: ReplicaProcess, cause: 'crash' | 'exit'): void {
  if (process.proc === 'down') return;
  // E.g. the outbox relay's open transaction rolls back once the database drops the connection.
  jobOf(sim.scenario.job.kind).replicaDown(sim, sim.jobState, process);
  process.proc = 'down';
  process.incarnation += 1;
  process.workGeneration += 1;
  process.workDueMs = null;
  process.workRemainingMs = null;
  process.overdue = [];
  process.inbox = [];
  process.heldWrite = null;
  if (process.run) {
    sim.changeRun(process, {
      endMs: sim.nowMs,
      outcome: cause === 'exit' ? 'aborted' : 'crashed',
      reason: cause === 'exit' ? 'lockLost' : 'crashed',
    });
    process.run = null;
  }
  stoppedBelieving(sim.zombies, process.index, sim.nowMs);
  process.grantId = null;
  sim.stopActor(process);
  sim.log(process.id, { kind: 'process', state: 'down', cause });
  // The lock's client dies with the process (a keep-alive, an elector); the database learns
  // of an advisory lock's dead connection only later (row X).
  const lock = sim.scenario.lock;
  lockServiceOf(lock).replicaDown(sim, process, lock);
  renewSession(process);
}

/** Restart (row S): a new process, idle, same hostname; its lock client starts anew (`replicaStarted`). */
export function restart(sim: Simulation, process: ReplicaProcess): void {
  if (process.proc !== 'down') {
    sim.log(process.id, { kind: 'note', text: { key: 'restartWhileUp' } });
    return;
  }
  process.proc = 'up';
  process.instantMs = sim.nowMs;
  sim.startActor(process);
  sim.log(process.id, { kind: 'process', state: 'up', cause: 'restart' });
  const lock = sim.scenario.lock;
  lockServiceOf(lock).replicaStarted(sim, process, lock);
}

/** A cron or poll instant fell due on the replica's wall clock. */
export function triggerDue(sim: Simulation, process: ReplicaProcess, generation: number, dueWallMs: number): void {
  if (generation !== process.triggerGeneration) return;
  // Every instant up to the current wall reading counts as fired: missed polls fire once.
  process.lastTriggerWallMs = Math.max(
    process.lastTriggerWallMs,
    dueWallMs,
    sim.replicaClock(process).wallAt(sim.nowMs),
  );
  const source = dueWallMs === sim.replicaConfig(process).triggerAtMs ? 'cron' : 'poll';
  if (process.proc === 'down') {
    sim.log(process.id, { kind: 'trigger', source, ignored: true, dueLocalMs: dueWallMs });
  } else if (process.proc === 'paused') {
    if (!process.overdue.some((timer) => timer.kind === 'trigger'))
      process.overdue.push({ kind: 'trigger', dueMs: sim.nowMs });
  } else {
    fireTrigger(sim, process, source, dueWallMs);
  }
  scheduleNextTrigger(sim, process);
}

/** A manual "run now" (`trigger` event). */
export function manualTrigger(sim: Simulation, process: ReplicaProcess): void {
  if (process.proc === 'down') {
    sim.log(process.id, { kind: 'note', text: { key: 'triggerWhileDown' } });
  } else if (process.proc === 'paused') {
    if (!process.overdue.some((timer) => timer.kind === 'trigger'))
      process.overdue.push({ kind: 'trigger', dueMs: sim.nowMs });
  } else {
    fireTrigger(sim, process, 'manual', sim.replicaClock(process).wallAt(sim.nowMs));
  }
}

/** A work step (load, compute, mark done) finished. */
export function workDone(sim: Simulation, process: ReplicaProcess, generation: number): void {
  if (generation !== process.workGeneration || process.proc !== 'up') return;
  process.workDueMs = null;
  process.instantMs = sim.nowMs;
  sim.sendToActor(process, { type: 'WORK_DONE' });
}

/** An operator forces the lock free (`expireLock`). */
export function expireLock(sim: Simulation): void {
  const lock = sim.scenario.lock;
  lockServiceOf(lock).forceExpire(sim, lock);
}

/** An operator kills the replica's database session: the lock service says what goes with it. */
export function killSession(sim: Simulation, process: ReplicaProcess): void {
  const lock = sim.scenario.lock;
  lockServiceOf(lock).killSession(sim, process, lock);
}

/** Fires a trigger on a process that is up: starts a run when idle, else notes it. */
export function fireTrigger(
  sim: Simulation,
  process: ReplicaProcess,
  source: 'cron' | 'poll' | 'manual',
  dueLocalMs: number,
): void {
  const ignored = process.activity !== 'idle';
  if (sim.keepsEntries) {
    sim.append({
      kind: 'trigger',
      source,
      ignored,
      dueLocalMs,
      atMs: sim.nowMs,
      node: process.id,
      localMs: sim.replicaLocalMs(process),
    });
  }
  if (ignored) return;
  process.instantMs = sim.nowMs;
  sim.sendToActor(process, { type: 'TRIGGER' });
}

/** Schedules the replica's next cron or poll instant after the ones already fired. */
export function scheduleNextTrigger(sim: Simulation, process: ReplicaProcess): void {
  const nextWallMs = nextTriggerWallMs(sim.replicaConfig(process), process.lastTriggerWallMs);
  if (nextWallMs === null) return;
  const atMs = sim.replicaClock(process).trueTimeWhenWallReaches(nextWallMs, sim.nowMs);
  if (atMs > sim.scenario.windowToMs) return;
  sim.schedule(atMs, EventClass.timer, process.index, {
    kind: 'trigger',
    replica: process.index,
    generation: process.triggerGeneration,
    dueWallMs: nextWallMs,
  });
}
