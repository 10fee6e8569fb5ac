import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { offlineStatus } from './offlineStatus';
import { UpdateBanner } from './UpdateBanner';

afterEach(() => {
  cleanup();
  offlineStatus.getState().set({ updateWaiting: false, applyUpdate: null });
});

describe('UpdateBanner', () => {
  it('stays out of the way until a new version waits', () => {
    render(<UpdateBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers the waiting version, and loads it only when asked', () => {
    const applyUpdate = vi.fn();
    render(<UpdateBanner />);
    act(() => offlineStatus.getState().set({ updateWaiting: true, applyUpdate }));
    expect(screen.getByRole('status').textContent).toContain('loads the next time you open the page');
    expect(applyUpdate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(applyUpdate).not.toHaveBeenCalled();
    act(() => offlineStatus.getState().set({ updateWaiting: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Load it now' }));
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });
});
