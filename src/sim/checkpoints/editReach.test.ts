import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../../model/loadScenario';
import type { ResolvedScenario } from '../../model/resolvedScenario';
import { findPreset } from '../../presets/catalogue';
import { earliestAffectedMs, latestQueuedEditMs } from './editReach';

type Document = Record<string, unknown> & { events: Record<string, unknown>[] };

function presetDocument(id: string): Document {
  return structuredClone(findPreset(id)?.document) as Document;
}

function resolved(document: Document): ResolvedScenario {
  const loaded = loadScenarioValue(document, 'test.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.scenario;
}

const at = (hh: number, mm: number, ss: number) => ((hh * 60 + mm) * 60 + ss) * 1000;

describe('how far back an edit reaches', () => {
  const flagship = presetDocument('s07-fencing-off');

  it('is nowhere when nothing changed', () => {
    expect(earliestAffectedMs(resolved(flagship), resolved(presetDocument('s07-fencing-off')))).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it('is the earlier of the old and the new instant of a moved event', () => {
    const later = presetDocument('s07-fencing-off');
    (later.events[0] as Record<string, unknown>).at = '02:03:00';
    expect(earliestAffectedMs(resolved(flagship), resolved(later))).toBe(at(2, 1, 30));
    expect(earliestAffectedMs(resolved(later), resolved(flagship))).toBe(at(2, 1, 30));
  });

  it('is an added event’s instant, and a removed one’s', () => {
    const added = presetDocument('s07-fencing-off');
    added.events.push({ type: 'crash', replica: 'B', at: '02:07:00' });
    expect(earliestAffectedMs(resolved(flagship), resolved(added))).toBe(at(2, 7, 0));
    expect(earliestAffectedMs(resolved(added), resolved(flagship))).toBe(at(2, 7, 0));
  });

  it('is a full run for anything but the events, and for a moved start of the night', () => {
    const retitled = presetDocument('s07-fencing-off');
    retitled.title = 'another title';
    expect(earliestAffectedMs(resolved(flagship), resolved(retitled))).toBeNull();
    const early = presetDocument('s07-fencing-off');
    (early.events[0] as Record<string, unknown>).at = '01:59:00';
    expect(earliestAffectedMs(resolved(flagship), resolved(early))).toBeNull();
  });

  it('is a full run for a clock jump (timers are solved across it) and for untimed faults', () => {
    const jumped = presetDocument('s07-fencing-off');
    jumped.events.push({ type: 'clockJump', node: 'db', at: '02:10:00', by: '5s' });
    expect(earliestAffectedMs(resolved(flagship), resolved(jumped))).toBeNull();
    const delayed = presetDocument('s07-fencing-off');
    delayed.events.push({ type: 'delayWrite', replica: 'A', order: 1003, by: '5s' });
    expect(earliestAffectedMs(resolved(flagship), resolved(delayed))).toBeNull();
  });

  it('starts a partition early by the slowest latency and the write delays (it is looked up at send time)', () => {
    const partitioned = presetDocument('s07-fencing-off');
    partitioned.events.push({ type: 'partition', replica: 'B', from: '02:10:00', to: '02:11:00' });
    // Three replicas (latencies 2, 3 and 4 ms), no delayed writes: 2 + 3 + 1 ms before it.
    expect(resolved(flagship).replicas).toHaveLength(3);
    expect(earliestAffectedMs(resolved(flagship), resolved(partitioned))).toBe(at(2, 10, 0) - 6);
  });

  it('counts an event whose place in the list changed as changed (its index is part of it)', () => {
    const two = presetDocument('s07-fencing-off');
    two.events.push({ id: 'c1', type: 'crash', replica: 'B', at: '02:07:00' });
    const swapped = structuredClone(two);
    swapped.events.reverse();
    expect(earliestAffectedMs(resolved(two), resolved(swapped))).toBe(at(2, 1, 30));
  });
});

describe('the last instant of an edit the queue carries', () => {
  const flagship = presetDocument('s07-fencing-off');

  it('is the later of the old and the new instant of a moved pause', () => {
    const later = presetDocument('s07-fencing-off');
    (later.events[0] as Record<string, unknown>).at = '02:03:00';
    expect(latestQueuedEditMs(resolved(flagship), resolved(later))).toBe(at(2, 3, 0));
    expect(latestQueuedEditMs(resolved(later), resolved(flagship))).toBe(at(2, 3, 0));
  });

  it('is none for an edit read at times of its own (a partition), for a configuration edit, or for no edit', () => {
    const partitioned = presetDocument('s07-fencing-off');
    partitioned.events.push({ type: 'partition', replica: 'B', from: '02:07:00', to: '02:08:00' });
    expect(latestQueuedEditMs(resolved(flagship), resolved(partitioned))).toBeNull();
    const configured = presetDocument('s07-fencing-off');
    configured.title = 'another title';
    expect(latestQueuedEditMs(resolved(flagship), resolved(configured))).toBeNull();
    expect(latestQueuedEditMs(resolved(flagship), resolved(presetDocument('s07-fencing-off')))).toBeNull();
  });
});
