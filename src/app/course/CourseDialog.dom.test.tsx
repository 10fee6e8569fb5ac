import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopRole } from './CourseItemEntry';
import '../i18n';
import { CourseDialog } from './CourseDialog';

afterEach(cleanup);

/** An opener button and the dialog, wired as the toolbar's CourseMenu wires them. */
function Page({
  onOpenPreset,
  onActivity = () => {},
}: {
  readonly onOpenPreset: (id: string) => void;
  readonly onActivity?: (key: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Course
      </button>
      <CourseDialog
        open={open}
        onClose={() => setOpen(false)}
        onOpenPreset={(id) => {
          onOpenPreset(id);
          setOpen(false);
        }}
        onActivity={(activity) => {
          onActivity(activity.key);
          setOpen(false);
        }}
      />
    </>
  );
}

function openMap() {
  const onOpenPreset = vi.fn();
  render(<Page onOpenPreset={onOpenPreset} />);
  const opener = screen.getByRole('button', { name: 'Course' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Course map' }) as HTMLDialogElement;
  return { opener, dialog, onOpenPreset };
}

describe('CourseDialog', () => {
  it('offers each lesson’s guided tour and presentation, the EX03 exercise and the EX04/EX05 views', () => {
    const onActivity = vi.fn();
    render(<Page onOpenPreset={vi.fn()} onActivity={onActivity} />);
    fireEvent.click(screen.getByRole('button', { name: 'Course' }));
    const dialog = screen.getByRole('dialog', { name: 'Course map' });
    expect(within(dialog).getAllByRole('button', { name: 'Start the guided tour' })).toHaveLength(5);
    expect(within(dialog).getAllByRole('button', { name: 'Present it (projector)' })).toHaveLength(5);
    expect(within(dialog).getAllByRole('button', { name: 'Open the explorer' })).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the exercise' }));
    expect(onActivity).toHaveBeenCalledWith('exercise');
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  it('groups lessons, the lab, exercises and quiz topics, each item with its explanation', () => {
    const { dialog } = openMap();
    expect(dialog.open).toBe(true);
    const groups = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(groups).toEqual(['Lessons', 'Lab', 'Exercises', 'Quiz topics']);
    expect(within(dialog).getAllByRole('heading', { level: 4 })).toHaveLength(22);
    expect(within(dialog).getByText(/A checks that it still holds the lock, then pauses/)).toBeTruthy();
  });

  it("lists an item's presets in order, each saying how its night ends", () => {
    const { dialog } = openMap();
    const q6 = within(dialog).getByRole('list', { name: 'Scenarios for Quiz 6: where the fencing check lives' });
    expect(
      within(q6)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Check, then write: the pause falls in between✗ shows the failure',
      'Check, then write, with the check in the resource✓ the fix',
    ]);
  });

  it('opens a preset by its button and closes, giving focus back to the opener', () => {
    const { dialog, opener, onOpenPreset } = openMap();
    const ex02 = within(dialog).getByRole('list', { name: /^Scenarios for Exercise 2/ });
    fireEvent.click(within(ex02).getAllByRole('button')[0] as HTMLElement);
    expect(onOpenPreset).toHaveBeenCalledWith('s12-leader-dies');
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('jumps to an item: its heading takes focus', () => {
    const { dialog } = openMap();
    const jump = within(dialog).getByRole('navigation', { name: 'Jump to an item' });
    expect(within(jump).getAllByRole('button')).toHaveLength(22);
    fireEvent.click(within(jump).getByRole('button', { name: 'Q6' }));
    expect(document.activeElement?.textContent).toBe('Quiz 6: where the fencing check lives');
  });

  it('closes with Escape without opening anything', () => {
    const { dialog, onOpenPreset } = openMap();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog.open).toBe(false);
    expect(onOpenPreset).not.toHaveBeenCalled();
  });
});

describe('the map’s badges', () => {
  it('a night broken on purpose shows the failure even when its verdict is Safe (S03a: run missed)', () => {
    expect(stopRole({ presetId: 's03a-holder-crashes-no-retry', outcome: 'safe', invariant: 'I6' })).toBe('failure');
    expect(stopRole({ presetId: 's07-fencing-off', outcome: 'unsafe', invariant: 'I3' })).toBe('failure');
    expect(stopRole({ presetId: 's07-fencing-on', outcome: 'safe' })).toBe('fix');
  });
});
