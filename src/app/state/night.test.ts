import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { createDocumentStore, HISTORY_LIMIT } from './documentStore';
import { hasNight, NIGHT_CACHE_CAPACITY, nightOf, rememberNight } from './night';

const flagship = findPreset('s07-fencing-off')?.document as ScenarioDocument;

/** A new document object for each step, as every edit makes one. */
const pauseFor = (seconds: number): ScenarioDocument => ({
  ...flagship,
  events: [{ type: 'pause', replica: 'A', at: '02:01:30', for: `${seconds}s` }],
});

describe('the night cache', () => {
  it('gives the same night object for the same document, without simulating again', () => {
    const document = pauseFor(10);
    expect(nightOf(document)).toBe(nightOf(document));
  });

  it('keeps a bounded number of nights, not one per document of the undo history', () => {
    const store = createDocumentStore(flagship, 'test');
    const seen: ScenarioDocument[] = [];
    for (let step = 1; step <= NIGHT_CACHE_CAPACITY * 3; step++) {
      store.getState().commit([{ kind: 'replaceDocument', document: pauseFor(step) }]);
      const document = store.getState().document;
      seen.push(document);
      expect(nightOf(document).kind).toBe('ok');
    }
    // The undo history still holds every document; the cache only the latest nights.
    expect(store.temporal.getState().pastStates.length).toBe(Math.min(HISTORY_LIMIT, seen.length));
    expect(seen.filter(hasNight)).toEqual(seen.slice(-NIGHT_CACHE_CAPACITY));
  });

  it('forgets the night used longest ago: one looked at again outlives newer ones', () => {
    const kept = pauseFor(1);
    nightOf(kept);
    const others = Array.from({ length: NIGHT_CACHE_CAPACITY - 1 }, (_, index) => pauseFor(index + 2));
    for (const document of others) nightOf(document);
    nightOf(kept);
    nightOf(pauseFor(100));
    expect(hasNight(kept)).toBe(true);
    expect(hasNight(others[0] as ScenarioDocument)).toBe(false);
  });

  it('simulates a forgotten night again, to the same result', () => {
    const first = pauseFor(42);
    const night = nightOf(first);
    for (let step = 0; step < NIGHT_CACHE_CAPACITY; step++) nightOf(pauseFor(200 + step));
    expect(hasNight(first)).toBe(false);
    expect(nightOf(first)).toEqual(night);
  });

  it('remembers a night made elsewhere (the worker) as the night of its document', () => {
    const document = pauseFor(7);
    const night = nightOf(pauseFor(7));
    expect(hasNight(document)).toBe(false);
    rememberNight(document, night);
    expect(nightOf(document)).toBe(night);
  });
});
