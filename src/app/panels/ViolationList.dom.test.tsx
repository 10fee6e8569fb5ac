import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { ViolationList } from './ViolationList';

afterEach(cleanup);

const AT_07_50_002 = (2 * 3600 + 7 * 60 + 50) * 1000 + 2;

describe('ViolationList', () => {
  it('names each violation and offers a jump that names its time', () => {
    const onJump = vi.fn();
    render(
      <ViolationList
        violations={[
          { invariant: 'I2', atMs: AT_07_50_002 - 2, text: 'A and B both believed they held the lock' },
          { invariant: 'I3', atMs: AT_07_50_002, text: 'order 1003 applied twice' },
        ]}
        onJump={onJump}
      />,
    );
    expect(screen.getByText(/I3 No double-apply/).closest('p')?.textContent).toContain('(unsafe) at 02:07:50.002:');
    expect(screen.getByText(/I2 Zombie window/).closest('p')?.textContent).toContain('(warning)');
    const jump = screen.getByRole('button', { name: 'Jump to 02:07:50.002' });
    expect(jump.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(jump);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to 02:07:50' }));
    expect(onJump.mock.calls).toEqual([[AT_07_50_002], [AT_07_50_002 - 2]]);
  });

  it('says when nothing was broken', () => {
    render(<ViolationList violations={[]} onJump={() => {}} />);
    expect(screen.getByText('No invariant was broken.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders hostile text as text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { container } = render(
      <ViolationList violations={[{ invariant: 'I7', atMs: 0, text: hostile }]} onJump={() => {}} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain(hostile);
  });
});
