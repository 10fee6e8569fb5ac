import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import type { CheckReport } from '../../sim/checkReportTypes';
import { type Night, nightOf } from '../state/night';
import '../i18n';
import { ReportTables } from './ReportTables';
import { ScenarioSummary } from './ScenarioSummary';
import { Verdict } from './Verdict';

afterEach(cleanup);

// S07 with fencing off, as FORMAT.md's example report tells it: B's late duplicate of 1003.
const unsafeReport: CheckReport = {
  file: 's07.json',
  safe: false,
  doubleApplied: [{ order: 1003, times: 2 }],
  grants: [
    { replica: 'A', token: 7, at: '02:00:00.002', until: '02:05:00.002' },
    { replica: 'B', token: 8, at: '02:05:10.003', until: null },
  ],
  writes: [
    { replica: 'A', order: 1003, token: 7, sentAt: '02:02:50.000', at: '02:02:50.002', result: 'accepted' },
    { replica: 'B', order: 1003, token: 8, sentAt: '02:07:50.000', at: '02:07:50.002', result: 'accepted' },
    { replica: 'A', order: 1004, token: 7, sentAt: '02:08:20.000', at: '02:08:20.002', result: 'stale' },
  ],
  runs: [{ replica: 'A', token: 7, start: '02:00:00.000', end: null, outcome: null }],
  violations: [{ invariant: 'I3', at: '02:07:50.002', message: 'order 1003 applied twice' }],
};

function presetNight(id: string): Night {
  const preset = findPreset(id);
  if (!preset) throw new Error(id);
  return nightOf(preset.document as ScenarioDocument, `${id}.json`);
}

describe('Verdict', () => {
  it('announces an unsafe night with the order and both writes, starting with "Unsafe"', () => {
    render(<Verdict night={presetNight('s07-fencing-off')} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Unsafe: order 1003 applied twice, by A with token 7 at 02:07:50 and by B with token 8 at 02:06:00; 2 more orders too.',
    );
  });

  it('announces a safe night with the stale write fencing rejected, starting with "Safe"', () => {
    render(<Verdict night={presetNight('s07-fencing-on')} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Safe: every order applied at most once; the stale write by A with token 7 at 02:07:50 was rejected.',
    );
  });

  it('says how often an order was applied, and names writes without a token', () => {
    render(<Verdict night={presetNight('s01-no-lock')} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Unsafe: order 1001 applied 3 times, by C at 02:00:50, by B at 02:00:50, and by A at 02:00:50; 4 more orders too.',
    );
  });

  it('lists the errors of an invalid file with their JSON paths', () => {
    const night = nightOf({
      format: 'leaseline/scenario',
      version: 1,
      events: [{ type: 'pause' }],
    } as ScenarioDocument);
    render(<Verdict night={night} />);
    expect(screen.getByRole('status').textContent).toContain('events[0]');
  });
});

describe('ReportTables', () => {
  it('shows each write result as words beside a symbol, and flags double-applied orders', () => {
    render(<ReportTables report={unsafeReport} />);
    const writes = screen.getByRole('table', { name: /write of an order/i });
    const cells = within(writes)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['A', '#1003▲ applied more than once', '7', '02:02:50.000', '02:02:50.002', '✓accepted'],
      ['B', '#1003▲ applied more than once', '8', '02:07:50.000', '02:07:50.002', '✓accepted'],
      ['A', '#1004', '7', '02:08:20.000', '02:08:20.002', '✗stale, rejected'],
    ]);
    expect(screen.getByText('still running')).toBeTruthy();
    expect(screen.getByText('no expiry')).toBeTruthy();
  });

  it('says so when a section is empty', () => {
    render(<ReportTables report={{ ...unsafeReport, violations: [] }} />);
    expect(screen.getByText('No invariant was broken.')).toBeTruthy();
  });
});

describe('ScenarioSummary', () => {
  it('renders the scenario text as text, never as markup', () => {
    const { container } = render(
      <ScenarioSummary title="<b>bold?</b>" description="<img src=x onerror=alert(1)>" file="x.json" curriculum={[]} />,
    );
    expect(container.querySelector('b, img')).toBeNull();
    expect(screen.getByRole('heading', { name: '<b>bold?</b>' })).toBeTruthy();
  });
});
