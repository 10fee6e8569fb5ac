import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../model/loadScenario';
import { findPreset } from '../presets/catalogue';
import { simulate } from '../sim/simulate';
import { verdictData } from './verdictData';

function traceOf(id: string) {
  const loaded = loadScenarioValue(findPreset(id)?.document, id);
  if (!loaded.ok) throw new Error(id);
  return simulate(loaded.scenario);
}

const at = (hh: number, mm: number, ss: number) => ((hh * 60 + mm) * 60 + ss) * 1000;

describe('verdictData', () => {
  it('names the first doubled order and both writes, in the order storage decided them (S07, fencing off)', () => {
    expect(verdictData(traceOf('s07-fencing-off'), 'reconcile')).toEqual({
      kind: 'doubleApplied',
      unit: 'order',
      order: 1003,
      times: 2,
      writes: [
        { replica: 'B', token: 8, atMs: at(2, 6, 0) + 3 },
        { replica: 'A', token: 7, atMs: at(2, 7, 50) + 2 },
      ],
      moreOrders: 2,
    });
  });

  it('says what fencing rejected on a safe night (S07, fencing on)', () => {
    expect(verdictData(traceOf('s07-fencing-on'), 'reconcile')).toEqual({
      kind: 'safe',
      job: 'reconcile',
      rejected: { replica: 'A', token: 7, atMs: at(2, 7, 50) + 2 },
      missed: null,
    });
  });

  it('counts three applications and no token (S01)', () => {
    const data = verdictData(traceOf('s01-no-lock'), 'reconcile');
    expect(data.kind === 'doubleApplied' && [data.order, data.times, data.writes.length, data.moreOrders]).toEqual([
      1001, 3, 3, 4,
    ]);
  });

  it('reports a missed run as safe but not done (S03a)', () => {
    expect(verdictData(traceOf('s03a-holder-crashes-no-retry'), 'reconcile')).toEqual({
      kind: 'safe',
      job: 'reconcile',
      rejected: null,
      missed: { left: 4, total: 5 },
    });
  });

  it('the outbox relay with SKIP LOCKED publishes every row: nothing missed (S16)', () => {
    expect(verdictData(traceOf('s16-outbox-skip-locked'), 'outbox')).toEqual({
      kind: 'safe',
      job: 'outbox',
      rejected: null,
      missed: null,
    });
  });
});
