import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { SelectField } from './ChoiceFields';

afterEach(cleanup);

const choices = [
  { value: 'off', label: 'Off' },
  { value: 'job', label: 'Per job' },
  { value: 'row', label: 'Per row' },
] as const;

function field(onChange = vi.fn()) {
  render(<SelectField label="Fencing" value="off" choices={choices} onChange={onChange} />);
  return { onChange, select: screen.getByRole('combobox', { name: 'Fencing' }) as HTMLSelectElement };
}

/** What Chromium does for an arrow on a closed select: keydown, then a change at once. */
function arrowTo(select: HTMLSelectElement, value: string) {
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.change(select, { target: { value } });
}

describe('SelectField', () => {
  it('applies a choice made in the list (no key first) at once, as one edit', () => {
    const { onChange, select } = field();
    fireEvent.change(select, { target: { value: 'row' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('row');
  });

  it('keeps arrows through the closed select as a draft, applied once with Enter', () => {
    const { onChange, select } = field();
    arrowTo(select, 'job');
    arrowTo(select, 'row');
    expect(onChange).not.toHaveBeenCalled();
    expect(select.value).toBe('row');
    expect(screen.getByRole('status').textContent).toBe('Enter applies this choice; Esc goes back.');
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('row');
  });

  it('applies the draft when the focus leaves, and Escape goes back without an edit', () => {
    const { onChange, select } = field();
    arrowTo(select, 'job');
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(select.value).toBe('off');
    fireEvent.blur(select);
    expect(onChange).not.toHaveBeenCalled();
    arrowTo(select, 'job');
    fireEvent.blur(select);
    expect(onChange).toHaveBeenCalledWith('job');
  });
});
