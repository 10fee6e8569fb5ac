import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Choice<Value extends string> {
  readonly value: Value;
  readonly label: string;
  readonly disabled?: boolean;
}

interface SelectFieldProps<Value extends string> {
  readonly label: string;
  readonly value: Value;
  readonly choices: readonly Choice<Value>[];
  readonly onChange: (value: Value) => void;
  readonly hint?: string;
}

/** Keys that change a closed <select>'s value at once (Chromium, Windows): an arrow each. */
const VALUE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A labelled native <select>: one choice is one edit. A choice made in the open list (a
 * click, or Enter there) applies at once. Arrowing through the closed select (or typing to
 * jump in it) changes the shown value on every key: that is kept as a draft, applied with
 * Enter or when the focus leaves, and Escape goes back, so that three arrows are one edit
 * (one undo step, one new night), not three.
 */
export function SelectField<Value extends string>({ label, value, choices, onChange, hint }: SelectFieldProps<Value>) {
  const { t } = useTranslation();
  const selectId = useId();
  const hintId = useId();
  const draftId = useId();
  const [draft, setDraft] = useState<Value | null>(null);
  /** The last key pressed on the select changes its value by itself (not a choice in the list). */
  const keyChange = useRef(false);
  const byValue = new Map(choices.map((choice) => [choice.value as string, choice.value]));
  const apply = (chosen: Value | null) => {
    setDraft(null);
    if (chosen !== null && chosen !== value) onChange(chosen);
  };
  const describedBy = [hint === undefined ? null : hintId, draft === null ? null : draftId].filter(Boolean).join(' ');
  return (
    <div className="panels-field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        value={draft ?? value}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onKeyDown={(event) => {
          const { key } = event;
          if (key === 'Enter' && draft !== null) {
            event.preventDefault();
            apply(draft);
          } else if (key === 'Escape' && draft !== null) {
            event.preventDefault();
            event.stopPropagation();
            setDraft(null);
          }
          keyChange.current = !event.altKey && (VALUE_KEYS.has(key) || (key.length === 1 && key !== ' '));
        }}
        onChange={(event) => {
          const chosen = byValue.get(event.currentTarget.value);
          if (chosen === undefined) return;
          if (keyChange.current) setDraft(chosen === value ? null : chosen);
          else apply(chosen);
        }}
        onBlur={() => apply(draft)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </option>
        ))}
      </select>
      {draft === null ? null : (
        <p id={draftId} className="panels-hint" role="status">
          {t('panels.fields.applyDraft')}
        </p>
      )}
      {hint === undefined ? null : (
        <p id={hintId} className="panels-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

interface CheckboxFieldProps {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly hint?: string;
}

/** A native checkbox with its label beside it. */
export function CheckboxField({ label, checked, onChange, hint }: CheckboxFieldProps) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="panels-field panels-field--check">
      <input
        id={inputId}
        type="checkbox"
        checked={checked}
        aria-describedby={hint === undefined ? undefined : hintId}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={inputId}>{label}</label>
      {hint === undefined ? null : (
        <p id={hintId} className="panels-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
