import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../model/loadScenario';
import type { ResolvedScenario } from '../model/resolvedScenario';
import { findPreset } from '../presets/catalogue';
import { replicaMachineInput } from './machineInput';
import { reactionMemoFor } from './reactionMemo';

function flagship(): ResolvedScenario {
  const loaded = loadScenarioValue(findPreset('s07-fencing-on')?.document, 's07.json');
  if (!loaded.ok) throw new Error('the flagship does not load');
  return loaded.scenario;
}

describe('replicaMachineInput', () => {
  it('gives nights made from one another the same frozen input, and the same memo by it', () => {
    const base = flagship();
    const replica = base.replicas[0];
    if (!replica) throw new Error('no replica');
    const first = replicaMachineInput(base, replica, false);
    // A night with other events, as a drag or verify makes it: the same objects but the events.
    const moved = { ...base, events: [] };
    expect(replicaMachineInput(moved, replica, false)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(reactionMemoFor(first)).toBe(reactionMemoFor(replicaMachineInput(moved, replica, false)));
  });

  it('makes another input when a part it reads is another object or the lock mints its tokens after the load', () => {
    const base = flagship();
    const replica = base.replicas[0];
    if (!replica) throw new Error('no replica');
    const first = replicaMachineInput(base, replica, false);
    const unfenced = { ...base, storage: { ...base.storage, fencing: 'off' as const } };
    const other = replicaMachineInput(unfenced, replica, false);
    expect(other).not.toBe(first);
    expect(other.fenceOnAcquire).toBe(false);
    const minted = replicaMachineInput(base, replica, true);
    expect(minted.mintTokenAfterLoad).toBe(true);
    // A memo is still found by what the input says: an equal input made anew shares it.
    expect(reactionMemoFor(replicaMachineInput(flagship(), flagship().replicas[0] as typeof replica, false))).toBe(
      reactionMemoFor(first),
    );
  });
});
