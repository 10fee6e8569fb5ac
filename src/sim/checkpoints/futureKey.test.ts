/**
 * The future key keeps the replicas' machine states: two worlds that differ only in where one
 * replica's machine is (its memo state, by digest since the name is its whole snapshot) have
 * different futures. The merging property tests cannot see this on their designs (the state
 * shows elsewhere in the World there), so it is held here directly.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../../model/loadScenario';
import { findPreset } from '../../presets/catalogue';
import type { ReplicaProcess } from '../replicaProcess';
import type { Checkpoint } from './checkpoint';
import { futureKey } from './futureKey';
import { simulateWithCheckpoints } from './resimulate';

function flagship() {
  const loaded = loadScenarioValue(findPreset('s07-fencing-off')?.document, 's07.json');
  if (!loaded.ok) throw new Error('the flagship does not load');
  return simulateWithCheckpoints(loaded.scenario);
}

/** The checkpoint with `change` made to its first process that has a machine. */
function withDecider(checkpoint: Checkpoint, change: (process: ReplicaProcess) => ReplicaProcess): Checkpoint {
  const index = checkpoint.world.state.processes.findIndex((process) => process.decider !== null);
  const processes = checkpoint.world.state.processes.map((process, at) => (at === index ? change(process) : process));
  return { ...checkpoint, world: { ...checkpoint.world, state: { ...checkpoint.world.state, processes } } };
}

describe('the future key', () => {
  const night = flagship();
  const seqFrom = night.engine.environmentSeqFrom;
  const atWork = night.checkpoints.find((checkpoint) =>
    checkpoint.world.state.processes.some(
      (process) => process.decider !== null && process.decider.state.activity !== 'idle',
    ),
  ) as Checkpoint;

  it('is the same for a checkpoint and a copy of it', () => {
    expect(atWork).toBeDefined();
    expect(
      futureKey(
        withDecider(atWork, (process) => ({ ...process })),
        seqFrom,
      ),
    ).toBe(futureKey(atWork, seqFrom));
  });

  it("differs when one replica's machine is in another state, or its actor elsewhere", () => {
    const idle = night.checkpoints[0] as Checkpoint;
    const idleName = idle.world.state.processes.find((process) => process.decider !== null)?.decider?.state;
    expect(idleName).toBeDefined();
    const moved = (field: 'state' | 'actorState') =>
      withDecider(atWork, (process) => ({
        ...process,
        decider: process.decider && { ...process.decider, [field]: idleName },
      }));
    const key = futureKey(atWork, seqFrom);
    expect(futureKey(moved('state'), seqFrom)).not.toBe(key);
    expect(futureKey(moved('actorState'), seqFrom)).not.toBe(key);
  });

  it('is far shorter than the machine states it stands for', () => {
    const key = futureKey(atWork, seqFrom);
    const names = atWork.world.state.processes.map((process) => process.decider?.state.key ?? '').join('');
    expect(key).not.toContain(names.slice(0, 80));
  });
});
