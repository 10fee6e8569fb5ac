import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from './loadScenario';
import { applyEdits } from './scenarioEdit';
import type { ScenarioDocument } from './scenarioSchema';

const base = {
  format: 'leaseline/scenario',
  version: 1,
  custom: { kept: true },
  storage: { fencing: 'off', note: 'mine' },
  events: [{ id: 'p1', type: 'pause', replica: 'A', at: '02:01:30', for: '6m' }],
} as unknown as ScenarioDocument;

describe('applyEdits', () => {
  it('patches a section, keeps unknown keys and never mutates its input', () => {
    const before = structuredClone(base);
    const next = applyEdits(base, [{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    expect(next.storage).toEqual({ fencing: 'job', note: 'mine' });
    expect((next as Record<string, unknown>).custom).toEqual({ kept: true });
    expect(base).toEqual(before);
  });

  it('removes a key when the patch value is undefined', () => {
    const next = applyEdits(base, [{ kind: 'patchStorage', patch: { note: undefined } }]);
    expect(next.storage).toEqual({ fencing: 'off' });
  });

  it('sets, adds and removes events in order', () => {
    const next = applyEdits(base, [
      { kind: 'setEvent', index: 0, event: { id: 'p1', type: 'pause', replica: 'A', at: '02:02:00', for: '5m' } },
      { kind: 'addEvent', event: { type: 'crash', replica: 'B', at: '02:03:00' } },
      { kind: 'removeEvent', index: 0 },
    ]);
    expect(next.events).toEqual([{ type: 'crash', replica: 'B', at: '02:03:00' }]);
  });

  it('spells out the default replicas before changing one, so the others keep their names', () => {
    const next = applyEdits(base, [{ kind: 'patchReplica', index: 1, patch: { clock: { offset: '2m' } } }]);
    expect(next.replicas).toEqual([
      { id: 'A', host: 'orders-0' },
      { id: 'B', host: 'orders-1', clock: { offset: '2m' } },
      { id: 'C', host: 'orders-2' },
    ]);
  });

  it('adds a replica with the next free name and removes one with the events that name it', () => {
    const added = applyEdits(base, [{ kind: 'addReplica' }]);
    expect(added.replicas?.map((replica) => replica.id)).toEqual(['A', 'B', 'C', 'D']);
    const removed = applyEdits(base, [{ kind: 'removeReplica', index: 0 }]);
    expect(removed.replicas?.map((replica) => replica.id)).toEqual(['B', 'C']);
    expect(removed.events).toEqual([]);
    const loaded = loadScenarioValue(removed, 'edited.json');
    expect(loaded.ok).toBe(true);
  });

  it('a replica added to a night whose replicas retry retries too, at its own phase', () => {
    const withRetries = applyEdits(base, [
      {
        kind: 'replaceDocument',
        document: {
          ...base,
          replicas: [
            { id: 'A', trigger: { at: '02:00:00', every: '60s', phase: '0s' } },
            { id: 'B', trigger: { at: '02:00:00', every: '60s', phase: '55s' } },
          ],
        },
      },
      { kind: 'addReplica' },
    ]);
    expect(withRetries.replicas?.[2]).toEqual({
      id: 'C',
      host: 'orders-2',
      trigger: { at: '02:00:00', every: '60s', phase: '5s' },
    });
    // Without retries (a pure cron), the newcomer fires once at 02:00 like the others.
    const cron = applyEdits(base, [{ kind: 'addReplica' }]);
    expect(cron.replicas?.[3]?.trigger).toBeUndefined();
  });

  it('never removes the last replica', () => {
    const single = applyEdits(base, [{ kind: 'replaceDocument', document: { ...base, replicas: [{ id: 'A' }] } }]);
    expect(applyEdits(single, [{ kind: 'removeReplica', index: 0 }]).replicas).toEqual([{ id: 'A' }]);
  });
});
