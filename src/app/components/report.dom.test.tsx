import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../sim/checkReportTypes';
import type { PresetCheck } from '../engine';
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

const asCheck = (report: CheckReport): PresetCheck => ({
  kind: 'report',
  title: 'S07',
  description: '',
  file: report.file,
  report,
});

describe('Verdict', () => {
  it('announces an unsafe run with its reason, starting with "Unsafe"', () => {
    render(<Verdict check={asCheck(unsafeReport)} />);
    expect(screen.getByRole('status').textContent).toBe('Unsafe: order 1003 applied twice.');
  });

  it('groups doubled orders in one clause and says how often', () => {
    const doubleApplied = [
      { order: 1003, times: 2 },
      { order: 1004, times: 2 },
      { order: 1005, times: 3 },
    ];
    render(<Verdict check={asCheck({ ...unsafeReport, doubleApplied })} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Unsafe: orders 1003 and 1004 applied twice; order 1005 applied 3 times.',
    );
  });

  it('announces a safe run starting with "Safe"', () => {
    render(<Verdict check={asCheck({ ...unsafeReport, safe: true, doubleApplied: [], violations: [] })} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Safe: /);
  });

  it('lists the errors of an invalid file with their JSON paths', () => {
    const errors = [{ source: 'x.json', path: 'events[0].for', message: 'not a duration' }];
    render(<Verdict check={{ kind: 'invalid', file: 'x.json', errors }} />);
    expect(screen.getByRole('status').textContent).toContain('events[0].for: not a duration');
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
