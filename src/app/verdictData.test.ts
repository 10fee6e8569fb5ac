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
  it('names the first doubled order and both writes, the one that doubled it first (S07, fencing off)', () => {
    expect(verdictData(traceOf('s07-fencing-off'))).toEqual({
      kind: 'doubleApplied',
      unit: 'order',
      order: 1003,
      times: 2,
      writes: [
        { replica: 'A', token: 7, atSecondMs: at(2, 7, 50) },
        { replica: 'B', token: 8, atSecondMs: at(2, 6, 0) },
      ],
      moreOrders: 2,
    });
  });

  it('says what fencing rejected on a safe night (S07, fencing on)', () => {
    expect(verdictData(traceOf('s07-fencing-on'))).toEqual({
      kind: 'safe',
      rejected: { replica: 'A', token: 7, atSecondMs: at(2, 7, 50) },
      runMissed: false,
    });
  });

  it('counts three applications and no token (S01)', () => {
    const data = verdictData(traceOf('s01-no-lock'));
    expect(data.kind === 'doubleApplied' && [data.order, data.times, data.writes.length, data.moreOrders]).toEqual([
      1001, 3, 3, 4,
    ]);
  });

  it('reports a missed run as safe but not done (S03a)', () => {
    expect(verdictData(traceOf('s03a-holder-crashes-no-retry'))).toEqual({
      kind: 'safe',
      rejected: null,
      runMissed: true,
    });
  });
});
