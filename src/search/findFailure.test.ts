import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { PRESETS } from '../presets/catalogue';
import { type FaultKind, findFailure, type SearchProgress, type SearchResult } from './findFailure';
import { ADDED_EVENT_LABEL } from './nightFile';
import { presetDocument, recheck } from './search.testing';

/** Searches run hundreds of simulations; the default 5 s per test is for unit tests. */
const SEARCH_TIMEOUT_MS = 120_000;

function mustFind(result: SearchResult): Extract<SearchResult, { found: true }> {
  if (!result.found) throw new Error(`nothing found in ${result.schedulesTried} nights`);
  return result;
}

describe('findFailure', { timeout: SEARCH_TIMEOUT_MS }, () => {
  it('finds a night on the unfenced flagship that really breaks when checked again, and shrinks it to one event', () => {
    const document = presetDocument('s07-fencing-off');
    const result = mustFind(findFailure(document, { budget: 2000, seed: 1, fresh: true }));
    expect(result.fileAlreadyBreaks).toBe(false);
    expect(result.violations).toContain('I3');
    const events = result.scenario.events ?? [];
    expect(result.addedEventIndices).toEqual(events.map((_, index) => index));
    expect(events.every((event) => event.label === ADDED_EVENT_LABEL)).toBe(true);
    expect(events.length).toBe(1);
    const { report } = recheck(result.scenario);
    expect(report.safe).toBe(false);
    expect(report.violations.some((violation) => violation.invariant === 'I3')).toBe(true);
    // The design is the file's: only the events, the title and the description changed.
    const { title, description, events: _events, ...design } = result.scenario;
    const { title: _t, description: _d, events: _e, ...original } = document;
    expect(design).toEqual(original);
    expect(title).toMatch(/^A 1-event night that breaks the design: Paused holder/);
    expect(description).toMatch(/^Found by leaseline search \(seed 1, \d+ nights? tried, shrunk in \d+ steps?\)\./);
    expect(description).toContain('B takes the lock with token 8 while A still believes it holds it.');
    expect(description).toMatch(/applied twice \(I3\)\./);
  });

  it('is deterministic: the same document and options give the same result, byte for byte', () => {
    const document = presetDocument('s10-redis-failover');
    const options = { budget: 600, seed: 7, fresh: true };
    const progress: SearchProgress[][] = [[], []];
    const first = findFailure(document, options, (p) => progress[0]?.push(p));
    const second = findFailure(structuredClone(document), options, (p) => progress[1]?.push(p));
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(progress[1]).toEqual(progress[0]);
  });

  it('finds the Redis failover that hands out the INCR token twice', () => {
    const result = mustFind(findFailure(presetDocument('s10-redis-failover'), { budget: 2000, seed: 1, fresh: true }));
    const added = result.addedEventIndices.map((index) => result.scenario.events?.[index]);
    expect(added.map((event) => event?.type)).toEqual(['redisFailover']);
    const { trace } = recheck(result.scenario);
    const tokens = trace.grants.map((grant) => grant.token);
    expect(new Set(tokens).size).toBeLessThan(tokens.length);
  });

  it("keeps the file's own events in every night unless fresh, and adds after them", () => {
    const document: ScenarioDocument = {
      ...presetDocument('s07-fencing-off'),
      events: [{ id: 'p1', type: 'pause', replica: 'C', at: '02:00:20', for: '5s', label: 'short pause' }],
    };
    const result = mustFind(findFailure(document, { budget: 2000, seed: 2 }));
    expect(result.scenario.events?.[0]).toEqual(document.events?.[0]);
    expect(result.addedEventIndices[0]).toBe(1);
    expect(result.scenario.description).toContain("The file's own event is kept.");
    expect(recheck(result.scenario).report.safe).toBe(false);
  });

  it("says so when the file's own night already breaks, adding nothing", () => {
    const result = mustFind(findFailure(presetDocument('s07-fencing-off'), { budget: 100, seed: 1 }));
    expect(result).toMatchObject({ fileAlreadyBreaks: true, schedulesTried: 1, shrinkSteps: 0, addedEventIndices: [] });
    expect(result.violations).toEqual(['I3', 'I4']);
    expect(result.scenario.events).toEqual(presetDocument('s07-fencing-off').events);
  });

  it('reports no failure within the budget on the fenced flagship, with the nights tried and the faults searched', () => {
    const progress: SearchProgress[] = [];
    const result = findFailure(presetDocument('s07-fencing-on'), { budget: 120, seed: 1, fresh: true }, (p) =>
      progress.push(p),
    );
    expect(result).toEqual({
      found: false,
      seed: 1,
      schedulesTried: 120,
      faults: ['pause', 'pauseBeforeWrite', 'crash', 'clockJump', 'delayWrite', 'partition', 'expireLock'],
    });
    expect(progress.map((p) => p.tried)).toEqual([50, 100]);
    expect(progress.every((p) => p.phase === 'search' && p.budget === 120 && p.bestEventCount === null)).toBe(true);
  });

  it('reports progress while shrinking with the best night so far, never growing', () => {
    const progress: SearchProgress[] = [];
    const result = mustFind(
      findFailure(presetDocument('s19a-advisory-pause-keeps-it'), { budget: 2000, seed: 4, fresh: true }, (p) =>
        progress.push(p),
      ),
    );
    const shrinking = progress.filter((p) => p.phase === 'shrink');
    expect(shrinking.length).toBeGreaterThan(0);
    const counts = shrinking.map((p) => p.bestEventCount ?? Number.POSITIVE_INFINITY);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts.at(-1)).toBe(result.addedEventIndices.length);
    expect(shrinking.every((p) => p.tried === result.schedulesTried)).toBe(true);
  });

  it('searches only the faults asked for, and looks for the invariants asked for', () => {
    const faults: FaultKind[] = ['expireLock'];
    const result = mustFind(
      findFailure(presetDocument('s07-fencing-on'), { budget: 500, seed: 1, fresh: true, faults, invariants: ['I2'] }),
    );
    expect(result.faults).toEqual(['expireLock']);
    expect(result.violations).toEqual(['I2']);
    const added = result.addedEventIndices.map((index) => result.scenario.events?.[index]?.type);
    expect(added.every((type) => type === 'expireLock')).toBe(true);
    // Fenced: the zombie window is there, but nothing is applied twice.
    const { report, trace } = recheck(result.scenario);
    expect(report.safe).toBe(true);
    expect(trace.violations.some((violation) => violation.invariant === 'I2')).toBe(true);
  });

  it('refuses a budget below one, a fault that does not apply, and an invalid file', () => {
    const document = presetDocument('s07-fencing-on');
    expect(() => findFailure(document, { budget: 0, seed: 1 })).toThrow(/budget/);
    expect(() => findFailure(document, { budget: 10, seed: 1, faults: ['redisFailover'] })).toThrow(
      /"redisFailover" does not apply/,
    );
    const broken = { ...document, lock: { kind: 'mutex' } } as unknown as ScenarioDocument;
    expect(() => findFailure(broken, { budget: 10, seed: 1 })).toThrow(/not a valid scenario/);
  });

  it('runs on every preset, and whatever it finds breaks when checked again', () => {
    for (const preset of PRESETS) {
      const result = findFailure(preset.document as ScenarioDocument, { budget: 25, seed: 5, fresh: true });
      if (!result.found) continue;
      const { trace } = recheck(result.scenario);
      const violated = new Set(trace.violations.map((violation) => violation.invariant));
      expect(result.violations.length, preset.id).toBeGreaterThan(0);
      expect(
        result.violations.every((invariant) => violated.has(invariant)),
        preset.id,
      ).toBe(true);
    }
  });
});
