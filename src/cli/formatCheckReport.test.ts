import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import { formatCheckReport } from './formatCheckReport';

const empty: CheckReport = {
  file: 'busy.json',
  safe: true,
  doubleApplied: [],
  grants: [],
  writes: [],
  runs: [],
  violations: [],
};

describe('formatCheckReport', () => {
  it('says where a night that hit the step budget stopped', () => {
    const text = formatCheckReport({ ...empty, truncatedAt: '02:16:39.816' });
    expect(text.split('\n')[1]).toBe(
      '    note: the night asked for more work than the engine runs; it stopped at 02:16:39.816',
    );
  });

  it('prints no note for a night simulated to its end', () => {
    expect(formatCheckReport(empty)).not.toContain('note:');
  });
});
