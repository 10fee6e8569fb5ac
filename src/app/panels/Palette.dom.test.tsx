import { cleanup, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { EVENT_DRAG_MIME, Palette } from './Palette';

afterEach(cleanup);

describe('Palette', () => {
  it('lists the seven events as buttons, in the order of the issue', () => {
    render(<Palette onAdd={() => {}} />);
    const list = screen.getByRole('list');
    const names = within(list)
      .getAllByRole('button')
      .map((button) => button.textContent?.slice(1));
    expect(names).toEqual(['Pause', 'Crash', 'Restart', 'Clock jump', 'Delay a write', 'Expire the lock', 'Run now']);
  });

  it('adds an event by click, by its type', () => {
    const onAdd = vi.fn();
    render(<Palette onAdd={onAdd} />);
    fireEvent.click(screen.getByRole('button', { name: 'Expire the lock' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(onAdd.mock.calls).toEqual([['expireLock'], ['trigger']]);
  });

  it('is draggable and carries its type in the drag data', () => {
    render(<Palette onAdd={() => {}} />);
    const item = screen.getByRole('button', { name: 'Clock jump' });
    expect(item.getAttribute('draggable')).toBe('true');
    const dataTransfer = { setData: vi.fn(), effectAllowed: 'all' };
    // A plain object stands in for DataTransfer, so the handler's writes can be read back.
    const dragStart = createEvent.dragStart(item);
    Object.defineProperty(dragStart, 'dataTransfer', { value: dataTransfer });
    fireEvent(item, dragStart);
    expect(dataTransfer.setData).toHaveBeenCalledWith(EVENT_DRAG_MIME, 'clockJump');
    expect(EVENT_DRAG_MIME).toBe('application/x-leaseline-event');
    expect(dataTransfer.effectAllowed).toBe('copy');
  });
});
