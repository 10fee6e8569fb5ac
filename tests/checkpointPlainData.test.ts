/**
 * A checkpoint is plain data (ARCHITECTURE.md, "Engine"; `src/sim/checkpoints/checkpoint.ts`): no function,
 * no class instance, no Map or Set, no process object anywhere in it: only objects, arrays and
 * primitives, what `structuredClone` copies exactly. So every checkpoint of every preset (and
 * of a ZooKeeper night, which no preset has) survives `structuredClone`, and a night whose
 * checkpoints are all such clones re-simulates, in a new simulation, to the trace of a full
 * `simulate()`, with the reaction memo on and off (actors restored from cloned snapshots).
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../src/presets/catalogue';
import type { Checkpoint } from '../src/sim/checkpoints/checkpoint';
import { type CheckpointedNight, resimulate, simulateWithCheckpoints } from '../src/sim/checkpoints/resimulate';
import type { OutboxTable } from '../src/sim/jobs/outbox/outboxTable';
import { forgetMachineReactions } from '../src/sim/reactionMemo';
import { simulate } from '../src/sim/simulate';
import { shifted } from './arbitraries/shiftedTime';
import { firstNotPlain, loadedNight, type PresetDocument, presetNights } from './presetNights';

function withEventMoved(document: PresetDocument, pick: number, shiftMs: number): PresetDocument {
  const next = structuredClone(document);
  const event = next.events?.[pick];
  if (event) {
    for (const field of ['at', 'from', 'to']) {
      if (typeof event[field] === 'string') event[field] = shifted(event[field] as string, shiftMs);
    }
  }
  return next;
}

/** What the cloned checkpoints held, so the test shows it saw each kind of pending state. */
interface Seen {
  checkpoints: number;
  consensusWaiters: number;
  claimWaiters: number;
  heldReplies: number;
  savedActors: number;
  resumed: number;
}

function clonedNight(night: CheckpointedNight, name: string, seen: Seen): CheckpointedNight {
  const checkpoints: Checkpoint[] = night.checkpoints.map((checkpoint) => {
    expect(firstNotPlain(checkpoint, `${name}@${checkpoint.boundaryMs}`)).toBeNull();
    seen.checkpoints += 1;
    const world = checkpoint.world.state;
    // The lock service's state is its own plain data: the consensus cluster's holds its waiters.
    const lockState = world.lockState as { readonly waiters?: readonly unknown[] } | null;
    seen.consensusWaiters += lockState?.waiters?.length ?? 0;
    // The outbox job's state is its table (any other job's state has no waiters).
    seen.claimWaiters += (world.jobState as Partial<OutboxTable> | null)?.waiters?.length ?? 0;
    for (const process of world.processes) seen.heldReplies += process.inbox.length;
    for (const actor of checkpoint.actors) if (actor) seen.savedActors += 1;
    return structuredClone(checkpoint);
  });
  // The clone is what re-simulates: the original's checkpoints could not be reached from it.
  return { ...night, checkpoints };
}

function checkAll(reuseMachineReactions: boolean): Seen {
  const seen: Seen = {
    checkpoints: 0,
    consensusWaiters: 0,
    claimWaiters: 0,
    heldReplies: 0,
    savedActors: 0,
    resumed: 0,
  };
  const kinds = new Set<string>();
  for (const { name, document } of presetNights()) {
    const origin = loadedNight(document, name);
    kinds.add(origin.lock.kind).add(origin.job.kind);
    const night = clonedNight(simulateWithCheckpoints(origin, { reuseMachineReactions }), name, seen);
    // A thread that forgot its memo still restores: states are named, not referenced.
    forgetMachineReactions();
    const edits = (document.events ?? []).flatMap((_, pick) => [
      withEventMoved(document, pick, -60_000),
      withEventMoved(document, pick, 45_000),
    ]);
    for (const edited of [document, ...edits]) {
      const next = loadedNight(edited, name);
      const incremental = resimulate(night, next);
      if (incremental.resumedFromMs !== null) seen.resumed += 1;
      expect(JSON.stringify(incremental.trace), name).toBe(JSON.stringify(simulate(next, { reuseMachineReactions })));
    }
  }
  for (const kind of ['none', 'shedlock', 'advisory', 'redis', 'lease', 'etcd', 'zookeeper']) {
    expect(kinds, kind).toContain(kind);
  }
  for (const kind of ['reconcile', 'outbox', 'digest', 'cleanup']) expect(kinds, kind).toContain(kind);
  return seen;
}

describe('checkpoints are plain data', () => {
  it('survive structuredClone, and cloned checkpoints re-simulate to the full trace (memo on)', () => {
    const seen = checkAll(true);
    expect(seen.checkpoints).toBeGreaterThan(PRESETS.length * 20);
    expect(seen.resumed).toBeGreaterThan(PRESETS.length);
    // The states that held closures before are in the clones, as data.
    expect(seen.consensusWaiters).toBeGreaterThan(0);
    expect(seen.claimWaiters).toBeGreaterThan(0);
    expect(seen.heldReplies).toBeGreaterThan(0);
    expect(seen.savedActors).toBeGreaterThan(0);
  }, 120_000);

  it('and with every event through an actor (the memo off): actors restored from cloned snapshots', () => {
    const seen = checkAll(false);
    expect(seen.savedActors).toBeGreaterThan(seen.checkpoints / 2);
    expect(seen.resumed).toBeGreaterThan(PRESETS.length);
  }, 120_000);

  it('names the first value that is not plain data', () => {
    expect(firstNotPlain({ queue: [{ item: { run: () => {} } }] }, 'c')).toBe('c.queue[0].item.run (function)');
    expect(firstNotPlain({ memo: new (class Memo {})() }, 'c')).toBe('c.memo (an instance of Memo)');
    expect(firstNotPlain({ sessions: new Map([['a#0', 1]]) }, 'c')).toBe('c.sessions (an instance of Map)');
    expect(firstNotPlain({ keys: [['a', [1, { b: null }]]], at: undefined }, 'c')).toBeNull();
  });
});
