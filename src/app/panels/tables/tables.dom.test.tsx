import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScenarioValue } from '../../../model/loadScenario';
import type { EventDocument } from '../../../model/scenarioSchema';
import { findPreset } from '../../../presets/catalogue';
import type { CheckReport } from '../../../sim/readings/checkReportTypes';
import { simulate } from '../../../sim/simulate';
import '../../i18n';
import { EventTable } from './EventTable';
import { GrantTable } from './GrantTable';
import { OutcomeTable } from './OutcomeTable';

afterEach(cleanup);

const hostile = '<img src=x onerror=alert(1)>';
const events: EventDocument[] = [
  { id: 'p1', type: 'pause', replica: 'A', at: '02:01:30', for: '6m', label: 'GC pause' },
  { type: 'clockJump', node: 'db', at: '02:03:00', by: '-90s' },
  { type: 'expireLock', at: '02:04:00', label: hostile },
  { type: 'delayWrite', replica: 'B', order: 1003, by: '20s' },
];

function cellTexts(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('EventTable', () => {
  it('lists every event in words, in a captioned table', () => {
    render(<EventTable events={events} selectedIndex={null} onSelect={() => {}} />);
    const table = screen.getByRole('table', { name: /Every event placed on the night/ });
    expect(cellTexts(table)).toEqual([
      ['Pause, replica A', '02:01:30', '6m (until 02:07:30)', 'GC pause'],
      ['Clock jump, node db', '02:03:00', '-90s', ''],
      ['Lock expiry', '02:04:00', '', hostile],
      ['Delayed write, replica B', 'the write of #1003', '20s', ''],
    ]);
  });

  it('selects an event with its button, and marks the selected one as pressed', () => {
    const onSelect = vi.fn();
    render(<EventTable events={events} selectedIndex={1} onSelect={onSelect} />);
    const selected = screen.getByRole('button', { name: /Clock jump, node db/ });
    expect(selected.getAttribute('aria-pressed')).toBe('true');
    const other = screen.getByRole('button', { name: 'Lock expiry' });
    expect(other.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(other);
    expect(onSelect).toHaveBeenCalledWith(2);
  });

  it('renders hostile labels as text, and says when there are no events', () => {
    const { container } = render(<EventTable events={events} selectedIndex={null} onSelect={() => {}} />);
    expect(container.querySelector('img')).toBeNull();
    cleanup();
    render(<EventTable events={[]} selectedIndex={null} onSelect={() => {}} />);
    expect(screen.getByText('No event is placed on this night.')).toBeTruthy();
  });
});

const report: CheckReport = {
  file: 's07.json',
  safe: false,
  doubleApplied: [{ order: 1003, times: 2 }],
  grants: [],
  writes: [
    { replica: 'A', order: 1002, token: 7, sentAt: '02:01:20.000', at: '02:01:20.002', result: 'accepted' },
    { replica: 'B', order: 1003, token: 8, sentAt: '02:06:00.000', at: '02:06:00.003', result: 'accepted' },
    { replica: 'A', order: 1003, token: 7, sentAt: '02:07:50.000', at: '02:07:50.002', result: 'accepted' },
    { replica: 'A', order: 1004, token: null, sentAt: '02:08:20.000', at: '02:08:20.002', result: 'stale' },
  ],
  runs: [],
  violations: [],
};

describe('OutcomeTable', () => {
  it('speaks of outbox rows for the outbox job', () => {
    render(<OutcomeTable report={report} jobKind="outbox" />);
    const table = screen.getByRole('table', { name: /a row was published more than once/ });
    expect(within(table).getByRole('columnheader', { name: 'Row' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Outcome per outbox row/ })).toBeTruthy();
  });

  it('groups the writes by order, with results as words and symbols, and flags a double apply', () => {
    render(<OutcomeTable report={report} />);
    const table = screen.getByRole('table', { name: /Unsafe/ });
    expect(cellTexts(table)).toEqual([
      ['#1002', 'A, token 7, at 02:01:20.002: ✓accepted', 'once'],
      [
        '#1003',
        'B, token 8, at 02:06:00.003: ✓acceptedA, token 7, at 02:07:50.002: ✓accepted',
        '2 times ▲ applied more than once',
      ],
      ['#1004', 'A, token none, at 02:08:20.002: ✗stale, rejected', 'never'],
    ]);
  });

  it('says a safe night is safe in its caption', () => {
    render(<OutcomeTable report={{ ...report, safe: true }} />);
    expect(screen.getByRole('table', { name: /Safe: no order took effect twice/ })).toBeTruthy();
  });
});

describe('GrantTable', () => {
  it('tells who held the lock when, and what ended each grant', () => {
    const loaded = loadScenarioValue(findPreset('s07-fencing-off')?.document, 's07.json');
    if (!loaded.ok) throw new Error('S07 does not load');
    const trace = simulate(loaded.scenario);
    render(<GrantTable grants={trace.grants} nightEndMs={trace.windowToMs} />);
    const table = screen.getByRole('table', { name: /Each grant of the lock/ });
    expect(cellTexts(table)).toEqual([
      ['A', '7', '02:00:00.002', '02:05:00.002', 'expired (its time ran out)'],
      ['B', '8', '02:05:10.003', '02:07:10.003', 'released by the holder'],
    ]);
  });
});
