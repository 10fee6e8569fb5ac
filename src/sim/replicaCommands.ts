/**
 * What a replica's machine asks for, carried out by the kernel (docs/model.md §4): a request
 * sent to the lock service or the database (held first by a pause before a write), a step of
 * work timed on its CPU, a run started or ended in the trace, a warning that the lock was
 * lost, an exit. Each runs at `sim.nowMs`, in the order the machine gave them.
 */
import type { ReplicaCommand, ReplicaRequest } from '../machines/replicaMachine';
import type { OnLockLost, ResolvedReplica, ResolvedScenario } from '../model/resolvedScenario';
import type { AgendaItem } from './agenda';
import { EventClass } from './eventQueue';
import type { FaultPlan } from './faultPlan';
import type { ReplicaProcess } from './replicaProcess';
import type { RunRecord } from './trace';

/**
 * What carrying out a command needs of the kernel: the simulation (simulation.ts), which
 * calls in here, so it is named by its parts rather than imported (no cycle, type imports
 * counted: tests/importCycles.test.ts).
 */
export interface CommandKernel {
  readonly nowMs: number;
  readonly scenario: ResolvedScenario;
  readonly faults: FaultPlan;
  readonly takenPauses: boolean[];
  readonly runs: RunRecord[];
  replicaConfig(process: Pick<ReplicaProcess, 'index'>): ResolvedReplica;
  schedule(atMs: number, eventClass: 1 | 2 | 3, replicaIndex: number, item: AgendaItem): void;
  sendRequest(process: ReplicaProcess, request: ReplicaRequest): void;
  changeRun(process: ReplicaProcess, change: Pick<RunRecord, 'endMs' | 'outcome' | 'reason'>): void;
  log(node: string, body: { kind: 'note'; text: { key: 'lockLostWarning'; policy: OnLockLost } }): void;
  onExit(process: ReplicaProcess): void;
  startPause(process: ReplicaProcess, untilMs: number, cause: 'pauseBeforeWrite'): void;
}

/** Carries out one of the machine's commands for `process`. */
export function carryOut(sim: CommandKernel, process: ReplicaProcess, command: ReplicaCommand): void {
  switch (command.type) {
    case 'request':
      if (command.request.kind === 'write' && holdWriteForPause(sim, process, command.request)) return;
      sim.sendRequest(process, command.request);
      return;
    case 'work': {
      const durationMs =
        command.step === 'load'
          ? sim.replicaConfig(process).loadMs
          : command.step === 'compute'
            ? sim.replicaConfig(process).perItemMs
            : sim.replicaConfig(process).markDoneMs;
      // A step never ends before the reply that started it has arrived.
      const dueMs = Math.max(sim.nowMs, process.instantMs + durationMs);
      process.workDueMs = dueMs;
      process.workGeneration += 1;
      sim.schedule(dueMs, EventClass.timer, process.index, {
        kind: 'work',
        replica: process.index,
        generation: process.workGeneration,
      });
      return;
    }
    case 'run.started': {
      const run: RunRecord = {
        runId: sim.runs.length,
        replica: process.id,
        token: null,
        startMs: process.instantMs,
        endMs: null,
        outcome: null,
        reason: null,
      };
      sim.runs.push(run);
      process.run = run;
      return;
    }
    case 'run.ended':
      if (process.run) {
        sim.changeRun(process, { endMs: process.instantMs, outcome: command.outcome, reason: command.reason });
      }
      process.run = null;
      return;
    case 'lockLost':
      sim.log(process.id, { kind: 'note', text: { key: 'lockLostWarning', policy: command.policy } });
      return;
    case 'exit':
      sim.onExit(process);
      return;
  }
}

/** `pauseBeforeWrite`: the first write of that order by that replica waits for the pause. */
function holdWriteForPause(
  sim: CommandKernel,
  process: ReplicaProcess,
  request: Extract<ReplicaRequest, { kind: 'write' }>,
): boolean {
  const forMs = sim.faults.takePauseBeforeWrite(
    sim.takenPauses,
    process.id,
    sim.scenario.job.items[request.itemIndex]?.order,
  );
  if (forMs === null) return false;
  process.heldWrite = request;
  sim.startPause(process, sim.nowMs + forMs, 'pauseBeforeWrite');
  return true;
}
