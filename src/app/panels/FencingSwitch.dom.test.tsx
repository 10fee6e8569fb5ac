import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { FencingSwitch } from './FencingSwitch';

afterEach(cleanup);

describe('FencingSwitch', () => {
  it('is a switch named exactly "Fencing", unchecked when fencing is off', () => {
    render(<FencingSwitch fencing="off" onEdits={() => {}} />);
    const control = screen.getByRole('switch', { name: 'Fencing' });
    expect(control.getAttribute('aria-checked')).toBe('false');
  });

  it('turns per-job fencing on from off, and off from on', () => {
    const onEdits = vi.fn();
    const { rerender } = render(<FencingSwitch fencing="off" onEdits={onEdits} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Fencing' }));
    expect(onEdits).toHaveBeenLastCalledWith([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    rerender(<FencingSwitch fencing="job" onEdits={onEdits} />);
    expect(screen.getByRole('switch', { name: 'Fencing' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: 'Fencing' }));
    expect(onEdits).toHaveBeenLastCalledWith([{ kind: 'patchStorage', patch: { fencing: 'off' } }]);
  });

  it('shows per-row fencing as on, and switching it goes to off', () => {
    const onEdits = vi.fn();
    render(<FencingSwitch fencing="row" onEdits={onEdits} />);
    const control = screen.getByRole('switch', { name: 'Fencing' });
    expect(control.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(control);
    expect(onEdits).toHaveBeenCalledWith([{ kind: 'patchStorage', patch: { fencing: 'off' } }]);
  });
});
