import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { ShortcutsDialog } from './ShortcutsDialog';

afterEach(cleanup);

/** A page with an opener button, wired as the lead's page would be. */
function Page({ onClose }: { readonly onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Shortcuts
      </button>
      <ShortcutsDialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

function openFromButton() {
  const onClose = vi.fn();
  render(<Page onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Shortcuts' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, onClose };
}

describe('ShortcutsDialog', () => {
  it('opens as a modal dialog named for its heading, listing the shortcuts', () => {
    openFromButton();
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toContain('?Show this list of shortcuts');
    expect(rows).toContain('Ctrl+Shift+Z or Cmd+Shift+ZRedo');
    expect(rows).toContain('Delete or BackspaceRemove the selected event');
    expect(rows).toContain('[ or ]Step to the previous or next event');
    expect(rows).toContain('+ or - or 0Zoom in, zoom out, reset the zoom');
    expect(rows).toContain('FTurn fencing on or off');
    expect(rows).toContain('Shift+Arrow keysChange the length of the selected event');
  });

  it('closes with Escape and gives focus back to the opener', () => {
    const { opener, onClose } = openFromButton();
    const dialog = screen.getByRole('dialog') as HTMLDialogElement;
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog.open).toBe(false);
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its Close button, also returning focus', () => {
    const { opener, onClose } = openFromButton();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(opener);
  });

  it('closes quietly when the page closes it', () => {
    const onClose = vi.fn();
    const { rerender } = render(<ShortcutsDialog open onClose={onClose} />);
    rerender(<ShortcutsDialog open={false} onClose={onClose} />);
    expect((document.querySelector('dialog') as HTMLDialogElement).open).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
