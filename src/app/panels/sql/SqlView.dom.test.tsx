import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../../../model/loadScenario';
import { findPreset } from '../../../presets/catalogue';
import { simulate } from '../../../sim/simulate';
import type { Trace } from '../../../sim/trace';
import '../../i18n';
import { SqlView } from './SqlView';

afterEach(cleanup);

function s07On(): Trace {
  const loaded = loadScenarioValue(findPreset('s07-fencing-on')?.document, 's07.json');
  if (!loaded.ok) throw new Error('S07 does not load');
  return simulate(loaded.scenario);
}

describe('SqlView', () => {
  const trace = s07On();

  it('shows the statements of a stale write with their row counts', () => {
    const stale = trace.writes.find((write) => write.result === 'stale');
    const { container } = render(<SqlView trace={trace} writeId={stale?.writeId ?? null} />);
    expect(screen.getByRole('heading').textContent).toBe("SQL of A's write of #1003 with token 7: ✗stale, rejected");
    expect(container.querySelector('pre')?.textContent).toBe(
      [
        'BEGIN  -- transaction begun',
        "UPDATE recon_fence SET last_token = 7 WHERE job_id = 'nightly-reconciliation' AND last_token <= 7  -- 0 rows: stale",
        'ROLLBACK  -- rolled back',
      ].join('\n'),
    );
  });

  it('counts one row in the singular', () => {
    const { container } = render(<SqlView trace={trace} writeId={0} />);
    expect(container.querySelector('pre')?.textContent).toContain('-- 1 row: fenced');
  });

  it('asks for a write when none is chosen', () => {
    render(<SqlView trace={trace} writeId={null} />);
    expect(screen.getByText(/Choose a write on the storage lane/)).toBeTruthy();
  });

  it('renders a hostile replica id as text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const hostileTrace = { ...trace, writes: trace.writes.map((write) => ({ ...write, replica: hostile })) };
    const { container } = render(<SqlView trace={hostileTrace} writeId={0} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading').textContent).toContain(hostile);
  });
});
