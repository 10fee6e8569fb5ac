import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../../../model/loadScenario';
import { findPreset } from '../../../presets/catalogue';
import { simulate } from '../../../sim/simulate';
import type { Trace } from '../../../sim/trace';
import { writeStatements } from './writeStatements';

function night(presetId: string): Trace {
  const loaded = loadScenarioValue(findPreset(presetId)?.document, `${presetId}.json`);
  if (!loaded.ok) throw new Error(`preset ${presetId} does not load`);
  return simulate(loaded.scenario);
}

describe('writeStatements', () => {
  const fenced = night('s07-fencing-on');

  it("gives A's late token-7 write as the fence rejects it", () => {
    const stale = fenced.writes.find((write) => write.result === 'stale');
    expect(stale).toMatchObject({ replica: 'A', order: 1003, token: 7 });
    expect(writeStatements(fenced, stale?.writeId ?? -1)).toEqual([
      { sql: 'BEGIN', rows: null, note: 'begun' },
      {
        sql: "UPDATE recon_fence SET last_token = 7 WHERE job_id = 'nightly-reconciliation' AND last_token <= 7",
        rows: 0,
        note: 'stale',
      },
      { sql: 'ROLLBACK', rows: null, note: 'rolledBack' },
    ]);
  });

  it('gives an accepted write its transaction: begin, fence, ledger row, balance and commit', () => {
    const lines = writeStatements(fenced, 0);
    expect(lines.map((line) => [line.sql.split(' ')[0], line.rows, line.note])).toEqual([
      ['BEGIN', null, 'begun'],
      ['UPDATE', 1, 'fenced'],
      ['INSERT', 1, 'inserted'],
      ['UPDATE', 1, 'applied'],
      ['COMMIT', null, 'committed'],
    ]);
  });

  it('gives nothing for a write the trace does not have', () => {
    expect(writeStatements(fenced, 999)).toEqual([]);
  });
});
