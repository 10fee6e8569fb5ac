import { useId } from 'react';

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

/** A labelled native <select>: one change is one edit. */
export function SelectField<Value extends string>({ label, value, choices, onChange, hint }: SelectFieldProps<Value>) {
  const selectId = useId();
  const hintId = useId();
  const byValue = new Map(choices.map((choice) => [choice.value as string, choice.value]));
  return (
    <div className="panels-field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        value={value}
        aria-describedby={hint === undefined ? undefined : hintId}
        onChange={(event) => {
          const chosen = byValue.get(event.currentTarget.value);
          if (chosen !== undefined && chosen !== value) onChange(chosen);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </option>
        ))}
      </select>
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
