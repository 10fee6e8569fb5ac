import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { StatechartView } from './StatechartView';
import { useFocusReturn } from './useFocusReturn';

afterEach(cleanup);

/** A button that opens A's machine, as "At the playhead" has, and the page's focus return. */
function OpenerPage() {
  const [open, setOpen] = useState(false);
  useFocusReturn(open ? 'A' : null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open A's machine
      </button>
      {open ? <StatechartView activity="idle" proc="up" replicaId="A" onClose={() => setOpen(false)} /> : null}
    </>
  );
}

describe('StatechartView', () => {
  it('is an image named for the replica and described by its current state', () => {
    render(<StatechartView activity="writing" proc="up" replicaId="B" onClose={() => {}} />);
    const image = screen.getByRole('img', { name: 'The replica state machine of B' });
    const description = document.getElementById(image.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Replica B is up; its machine is in writing.');
    expect(image.querySelectorAll('.panels-chart-node--current')).toHaveLength(1);
    expect(image.querySelector('.panels-chart-node--current text')?.textContent).toBe('writing');
  });

  it('lists the machine as text, with the current state marked', () => {
    render(<StatechartView activity="dueCheck" proc="paused" replicaId="A" onClose={() => {}} />);
    const current = screen.getByText(/^due check → idle, acquiring, routing/);
    expect(current.closest('li')?.getAttribute('aria-current')).toBe('true');
    expect(current.closest('li')?.textContent).toContain('(current)');
    expect(screen.getByText(/frozen in due check/)).toBeTruthy();
  });

  it('highlights nothing while the process is down', () => {
    const { container } = render(<StatechartView activity="computing" proc="down" replicaId="A" onClose={() => {}} />);
    expect(container.querySelector('.panels-chart-node--current')).toBeNull();
    expect(container.querySelector('[aria-current]')).toBeNull();
    expect(screen.getByRole('img').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByText(/is down/).length).toBeGreaterThan(0);
  });

  it('closes with its button and with Escape', () => {
    const onClose = vi.fn();
    render(<StatechartView activity="idle" proc="up" replicaId="A" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('gives the focus back to the button that opened it when Escape closes it', () => {
    render(<OpenerPage />);
    const opener = screen.getByRole('button', { name: "Open A's machine" });
    opener.focus();
    fireEvent.click(opener);
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('renders a hostile replica id as text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { container } = render(<StatechartView activity="idle" proc="up" replicaId={hostile} onClose={() => {}} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { name: `State machine of replica ${hostile}` })).toBeTruthy();
  });
});
