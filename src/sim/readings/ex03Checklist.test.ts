import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../../model/loadScenario';
import { formatTimeOfNightMs } from '../../model/timeOfNight';
import { findPreset } from '../../presets/catalogue';
import { simulate } from '../simulate';
import { type Ex03Checklist, ex03Checklist } from './ex03Checklist';

function checklistOf(document: unknown): Ex03Checklist {
  const loaded = loadScenarioValue(document, 'night.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return ex03Checklist(loaded.scenario, simulate(loaded.scenario));
}

/** `id replica time` for done items, `-id` for the others: the whole checklist in one line each. */
function lines(checklist: Ex03Checklist): string[] {
  return checklist.items.map((item) =>
    item.done ? `${item.id} ${item.replica} ${formatTimeOfNightMs(item.atMs ?? 0)}` : `-${item.id}`,
  );
}

const s07 = (findPreset('s07-fencing-off')?.document ?? {}) as Record<string, unknown>;
const s07Events = s07.events as Record<string, unknown>[];
/** S07 with some fields replaced (shallow, per top-level key). */
const s07With = (fields: Record<string, unknown>) => ({ ...s07, ...fields });
const pauseOf = (replica: string, at: string, forDuration: string) => ({
  type: 'pause',
  replica,
  at,
  for: forDuration,
});

describe('ex03Checklist', () => {
  it('S07 without fencing shows all six parts, at the times docs/model.md works out', () => {
    const checklist = checklistOf(s07);
    expect(lines(checklist)).toEqual([
      'acquires A 02:00:00.002',
      'stalls A 02:01:30.000',
      'expires A 02:05:00.002',
      'takeover B 02:06:00.003',
      'resumesWrites A 02:07:50.000',
      'bothApplied A 02:07:50.002',
    ]);
    expect(checklist.complete).toBe(true);
  });

  it('S07 with fencing: A still writes after the takeover, but the stale write is rejected', () => {
    const checklist = checklistOf(findPreset('s07-fencing-on')?.document);
    expect(lines(checklist).slice(4)).toEqual(['resumesWrites A 02:07:50.000', '-bothApplied']);
    expect(checklist.items.slice(0, 5).every((item) => item.done)).toBe(true);
    expect(checklist.complete).toBe(false);
  });

  it('the fresh night of exercise mode shows only that A acquires', () => {
    const checklist = checklistOf({ format: 'leaseline/scenario', version: 1 });
    expect(lines(checklist)).toEqual([
      'acquires A 02:00:00.002',
      '-stalls',
      '-expires',
      '-takeover',
      '-resumesWrites',
      '-bothApplied',
    ]);
    expect(checklist.complete).toBe(false);
  });

  it('a night without a lock shows nothing, with no times', () => {
    const checklist = checklistOf(s07With({ lock: { kind: 'none' } }));
    expect(checklist.items.map((item) => [item.id, item.done, item.atMs])).toEqual([
      ['acquires', false, null],
      ['stalls', false, null],
      ['expires', false, null],
      ['takeover', false, null],
      ['resumesWrites', false, null],
      ['bothApplied', false, null],
    ]);
  });

  it('a pause that leaves A time to finish within its lease: A stalls, but nothing expires', () => {
    const checklist = checklistOf(s07With({ events: [pauseOf('A', '02:01:30', '1m')] }));
    expect(lines(checklist).slice(0, 3)).toEqual(['acquires A 02:00:00.002', 'stalls A 02:01:30.000', '-expires']);
    expect(checklist.items.filter((item) => item.done)).toHaveLength(2);
  });

  it('a lease that expires with nobody polling: no takeover, no double apply', () => {
    const replicas = (s07.replicas as Record<string, unknown>[]).map((replica) => ({
      ...replica,
      trigger: { at: '02:00:00' },
    }));
    expect(lines(checklistOf(s07With({ replicas })))).toEqual([
      'acquires A 02:00:00.002',
      'stalls A 02:01:30.000',
      'expires A 02:05:00.002',
      '-takeover',
      '-resumesWrites',
      '-bothApplied',
    ]);
  });

  it('a lapsed lease on the holder clock (time: app) expires when that clock says so, not at the release', () => {
    const replicas = (s07.replicas as Record<string, unknown>[]).map((replica, index) => ({
      ...replica,
      trigger: { at: '02:00:00' },
      ...(index === 0 ? { clock: { driftPpm: 1000 } } : {}),
    }));
    const lock = { ...(s07.lock as object), time: 'app' };
    const expires = checklistOf(s07With({ replicas, lock })).items[2];
    // A's clock runs 0.1% fast: its five minutes end 300 ms early in true time (the same instant the
    // simulator gives when B polls and takes over, so the grant is never released).
    expect(expires?.done).toBe(true);
    expect(formatTimeOfNightMs(expires?.atMs ?? 0)).toBe('02:04:59.701');
  });

  it('a crash is not a stall: the crashed holder stops believing, so its lease does not expire under it', () => {
    const checklist = checklistOf(s07With({ events: [{ type: 'crash', replica: 'A', at: '02:01:30' }] }));
    expect(checklist.items.filter((item) => item.done).map((item) => item.id)).toEqual(['acquires']);
  });

  it('a pause before a write counts as a stall', () => {
    const events = [{ type: 'pauseBeforeWrite', replica: 'A', order: 1003, for: '7m' }];
    const checklist = checklistOf(s07With({ events }));
    expect(checklist.items[1]).toEqual({ id: 'stalls', done: true, atMs: checklist.items[1]?.atMs, replica: 'A' });
    expect(checklist.complete).toBe(true);
  });

  it('a unique key makes the second write a duplicate, not a double apply', () => {
    const checklist = checklistOf(s07With({ storage: { fencing: 'off', uniqueKey: true } }));
    expect(lines(checklist).at(-1)).toBe('-bothApplied');
    expect(checklist.items.slice(0, 5).every((item) => item.done)).toBe(true);
  });

  it('finds the answer whichever replica is the unlucky holder (C here)', () => {
    const replicas = [
      { id: 'A', trigger: { at: '02:00:30', every: '60s' } },
      { id: 'B', trigger: { at: '02:00:10', every: '60s' } },
      { id: 'C', trigger: { at: '02:00:00', every: '60s' } },
    ];
    const checklist = checklistOf(s07With({ replicas, events: [pauseOf('C', '02:01:30', '6m')] }));
    expect(checklist.complete).toBe(true);
    expect(checklist.items.map((item) => item.replica)).toEqual(['C', 'C', 'C', 'B', 'C', 'C']);
  });

  it('keeps the six items in order whatever the night', () => {
    for (const events of [[], s07Events, [pauseOf('B', '02:00:05', '1m')]]) {
      const ids = checklistOf(s07With({ events })).items.map((item) => item.id);
      expect(ids).toEqual(['acquires', 'stalls', 'expires', 'takeover', 'resumesWrites', 'bothApplied']);
    }
  });
});
