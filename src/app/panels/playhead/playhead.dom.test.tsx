import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScenarioValue } from '../../../model/loadScenario';
import { findPreset } from '../../../presets/catalogue';
import { simulate } from '../../../sim/simulate';
import type { Trace } from '../../../sim/trace';
import '../../i18n';
import { AtPlayhead } from './AtPlayhead';
import { PlaybackControls } from './PlaybackControls';

afterEach(cleanup);

const FROM_MS = 2 * 3600_000;
const TO_MS = FROM_MS + 12 * 60_000;

function renderControls(overrides: { playheadMs?: number; playing?: boolean } = {}) {
  const handlers = {
    onPlay: vi.fn(),
    onPause: vi.fn(),
    onStep: vi.fn(),
    onSeek: vi.fn(),
    onSpeed: vi.fn(),
  };
  render(
    <PlaybackControls
      playheadMs={overrides.playheadMs ?? FROM_MS + 90_000}
      fromMs={FROM_MS}
      toMs={TO_MS}
      playing={overrides.playing ?? false}
      speed={60}
      {...handlers}
    />,
  );
  return handlers;
}

describe('PlaybackControls', () => {
  it('toggles between Play and Pause', () => {
    const stopped = renderControls();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(stopped.onPlay).toHaveBeenCalledOnce();
    cleanup();
    const playing = renderControls({ playing: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(playing.onPause).toHaveBeenCalledOnce();
  });

  it('steps to the previous and next event', () => {
    const { onStep } = renderControls();
    fireEvent.click(screen.getByRole('button', { name: 'Previous event' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next event' }));
    expect(onStep.mock.calls).toEqual([[-1], [1]]);
  });

  it('steps between key moments, and says the moment at the playhead in a live region', () => {
    const onStepMoment = vi.fn();
    render(
      <PlaybackControls
        playheadMs={FROM_MS}
        fromMs={FROM_MS}
        toMs={TO_MS}
        playing={false}
        speed={60}
        onPlay={vi.fn()}
        onPause={vi.fn()}
        onStep={vi.fn()}
        onSeek={vi.fn()}
        onSpeed={vi.fn()}
        onStepMoment={onStepMoment}
        momentText="02:05:10: B takes over with token 8"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next key moment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous key moment' }));
    expect(onStepMoment.mock.calls).toEqual([[1], [-1]]);
    const live = screen.getByText('02:05:10: B takes over with token 8');
    expect(live.getAttribute('role')).toBe('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
  });

  it('is a playhead slider that speaks the time of night and seeks by a second or a minute', () => {
    const { onSeek } = renderControls({ playheadMs: FROM_MS + 90_250 });
    const slider = screen.getByRole('slider', { name: 'Playhead' });
    expect(slider.getAttribute('aria-valuetext')).toBe('02:01:30.250');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'PageDown' });
    fireEvent.change(slider, { target: { value: String(FROM_MS + 300_000) } });
    expect(onSeek.mock.calls).toEqual([[FROM_MS + 91_250], [FROM_MS + 30_250], [FROM_MS + 300_000]]);
  });

  it('never seeks outside the window', () => {
    const { onSeek } = renderControls({ playheadMs: FROM_MS + 500 });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Playhead' }), { key: 'ArrowLeft' });
    expect(onSeek).toHaveBeenCalledWith(FROM_MS);
  });

  it('offers four speeds', () => {
    const { onSpeed } = renderControls();
    const select = screen.getByRole('combobox', { name: 'Speed' }) as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1x', '10x', '60x', '300x']);
    expect(select.value).toBe('60');
    fireEvent.change(select, { target: { value: '300' } });
    expect(onSpeed).toHaveBeenCalledWith(300);
  });
});

function s07(): Trace {
  const loaded = loadScenarioValue(findPreset('s07-fencing-off')?.document, 's07.json');
  if (!loaded.ok) throw new Error('S07 does not load');
  return simulate(loaded.scenario);
}

describe('AtPlayhead', () => {
  const trace = s07();

  it('shows each replica and the database rows at the playhead', () => {
    const atMs = FROM_MS + 6 * 60_000; // 02:06:00: A asleep, B writing with token 8
    render(<AtPlayhead trace={trace} playheadMs={atMs} replicaIds={trace.replicaIds} initialLastToken={6} />);
    expect(screen.getByRole('heading', { name: 'At 02:06:00' })).toBeTruthy();
    const replicas = screen.getByRole('table', { name: /process and machine state/ });
    const rows = within(replicas)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['A‖ pausedcomputing', 'B● upwriting', 'C● upidle']);
    const db = screen.getByRole('table', { name: /database rows/ });
    expect(within(db).getByRole('rowheader', { name: 'shedlock.locked_by' }).nextSibling?.textContent).toBe('orders-1');
    expect(within(db).getByRole('rowheader', { name: 'shedlock.fencing_token' }).nextSibling?.textContent).toBe('8');
    expect(within(db).getByRole('rowheader', { name: 'recon_fence.last_token' }).nextSibling?.textContent).toBe('6');
  });

  it('names the lock holder as the lanes do, beside the host the row holds', () => {
    const atMs = FROM_MS + 6 * 60_000;
    const hosts = [
      { id: 'A', host: 'orders-0' },
      { id: 'B', host: 'orders-1' },
    ];
    render(
      <AtPlayhead trace={trace} playheadMs={atMs} replicaIds={trace.replicaIds} initialLastToken={6} hosts={hosts} />,
    );
    const db = screen.getByRole('table', { name: /database rows/ });
    expect(within(db).getByRole('rowheader', { name: 'shedlock.locked_by' }).nextSibling?.textContent).toBe(
      'orders-1 (replica B)',
    );
  });

  it('shows what the coordination service held: etcd keys, lowest holding', () => {
    const loaded = loadScenarioValue(findPreset('s15-etcd-session-expires')?.document, 's15.json');
    if (!loaded.ok) throw new Error('S15 does not load');
    const etcd = simulate(loaded.scenario);
    render(<AtPlayhead trace={etcd} playheadMs={FROM_MS + 60_000} replicaIds={etcd.replicaIds} initialLastToken={6} />);
    const services = screen.getByRole('table', { name: /coordination service/ });
    expect(within(services).getByRole('rowheader', { name: 'etcd keys' }).nextSibling?.textContent).toBe(
      'A 7 (holds, session A#0), B 8 (waits), C 9 (waits)',
    );
  });

  it('has no service table for a ShedLock night (its row is in the database table)', () => {
    render(
      <AtPlayhead trace={trace} playheadMs={FROM_MS + 60_000} replicaIds={trace.replicaIds} initialLastToken={6} />,
    );
    expect(screen.queryByRole('table', { name: /coordination service/ })).toBeNull();
  });

  it('says when there is no lock row yet', () => {
    render(<AtPlayhead trace={trace} playheadMs={FROM_MS - 1} replicaIds={trace.replicaIds} initialLastToken={6} />);
    expect(screen.getByText('no row yet')).toBeTruthy();
  });

  it('renders a hostile replica id as text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { container } = render(
      <AtPlayhead trace={trace} playheadMs={FROM_MS} replicaIds={[hostile]} initialLastToken={6} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('rowheader', { name: hostile })).toBeTruthy();
  });
});
