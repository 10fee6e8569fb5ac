import { Fragment, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export interface Choice {
  readonly value: string;
  readonly label: string;
  /** A second, quieter part of the option (e.g. the preset's id). */
  readonly detail?: string;
}

export interface ChoiceGroup {
  readonly id: string;
  /** The group's heading in the list; none for an ungrouped list. */
  readonly label?: string;
  readonly choices: readonly Choice[];
}

interface ChoiceMenuProps {
  /** The visible label before the button ("Scenario", "Learn"). */
  readonly label: string;
  /** What the button says: the current choice (with "(edited)"), or a placeholder. */
  readonly buttonText: string;
  /** A short note after the text that is never cut off with it (e.g. "(edited)"). */
  readonly buttonNote?: string;
  readonly groups: readonly ChoiceGroup[];
  /** The current choice, marked selected in the list; null for none. */
  readonly value: string | null;
  readonly onChoose: (value: string) => void;
  readonly className?: string;
}

/**
 * A button that opens a list to choose from (the WAI-ARIA listbox popup): nothing happens
 * until the person chooses, with Enter, Space or a click. Arrowing through a closed native
 * <select> fired `change` on every key, so each arrow replaced the night (three arrows, three
 * undo steps); here the arrows only move within the open list. Keys on the button: Enter,
 * Space, Down or Up open it. In the list: Up, Down, Home, End and Page keys move, a letter
 * jumps to the next option starting with it, Enter chooses, Escape or Tab closes without
 * choosing. While open the list keeps every key (the page's shortcuts wait). Space does not
 * choose: its key-up would land on the button the focus returns to and open the list again.
 */
export function ChoiceMenu({ label, buttonText, buttonNote, groups, value, onChoose, className }: ChoiceMenuProps) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const choices = groups.flatMap((group) => group.choices);
  const selectedIndex = choices.findIndex((choice) => choice.value === value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);

  const show = (at: number) => {
    setActive(Math.min(choices.length - 1, Math.max(0, at)));
    setOpen(true);
  };
  const hide = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const choose = (index: number) => {
    const choice = choices[index];
    hide(true);
    if (choice) onChoose(choice.value);
  };

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // The active option stays in view as the arrows walk a long list.
  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(selectedIndex >= 0 ? selectedIndex : event.key === 'ArrowUp' ? choices.length - 1 : 0);
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const { key } = event;
    if (key === 'Tab') {
      hide(false);
      return;
    }
    // Every other key stays in the list: a letter is a jump here, not the page's shortcut.
    event.preventDefault();
    event.stopPropagation();
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: choices.length - 1,
      PageDown: active + 10,
      PageUp: active - 10,
    };
    const to = moves[key];
    if (to !== undefined) setActive(Math.min(choices.length - 1, Math.max(0, to)));
    else if (key === 'Enter') choose(active);
    else if (key === 'Escape') hide(true);
    else if (key.length === 1 && !event.ctrlKey && !event.metaKey) {
      const letter = key.toLowerCase();
      for (let step = 1; step <= choices.length; step++) {
        const index = (active + step) % choices.length;
        if (choices[index]?.label.toLowerCase().startsWith(letter)) {
          setActive(index);
          break;
        }
      }
    }
  };

  let index = -1;
  return (
    <div className={`choice-menu ${className ?? ''}`} ref={root}>
      <span id={labelId} className="choice-menu-label">
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="choice-menu-button"
        title={buttonNote ? `${buttonText} ${buttonNote}` : buttonText}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${baseId}-value${buttonNote ? ` ${baseId}-note` : ''}`}
        onClick={() => (open ? hide(true) : show(Math.max(selectedIndex, 0)))}
        onKeyDown={onButtonKey}
      >
        <span id={`${baseId}-value`} className="choice-menu-value">
          {buttonText}
        </span>
        {buttonNote ? (
          <span id={`${baseId}-note`} className="choice-menu-note">
            {` ${buttonNote}`}
          </span>
        ) : null}
        <span aria-hidden="true" className="choice-menu-caret">
          ▾
        </span>
      </button>
      {open ? (
        <div
          ref={list}
          id={listId}
          role="listbox"
          // Focusable by keyboard (0, not -1): it takes the focus when it opens, and a list
          // long enough to scroll must be reachable to be scrolled (WCAG 2.1.1; axe's
          // scrollable-region-focusable failed whenever the window made it scroll).
          tabIndex={0}
          className="choice-menu-list"
          aria-labelledby={labelId}
          aria-activedescendant={optionId(active)}
          onKeyDown={onListKey}
        >
          {groups.map((group) => {
            const options = group.choices.map((choice) => {
              index += 1;
              const at = index;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the list's own keydown chooses (aria-activedescendant).
                <div
                  key={choice.value}
                  id={optionId(at)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={choice.value === value}
                  className={`choice-menu-option${at === active ? ' choice-menu-option--active' : ''}`}
                  onPointerMove={() => setActive(at)}
                  onClick={() => choose(at)}
                >
                  <span>{choice.label}</span>
                  {choice.detail ? <span className="choice-menu-detail"> {choice.detail}</span> : null}
                </div>
              );
            });
            if (!group.label) return <Fragment key={group.id}>{options}</Fragment>;
            const groupLabelId = `${baseId}-group-${group.id}`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group"; a <fieldset> is a form's.
              <div key={group.id} role="group" aria-labelledby={groupLabelId}>
                <div id={groupLabelId} className="choice-menu-group" role="presentation">
                  {group.label}
                </div>
                {options}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
