import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from './problemText';
import type { Validate } from './validators';

interface TextFieldProps {
  readonly label: string;
  /** The committed value, shown whenever the person is not editing. */
  readonly value: string;
  readonly validate: Validate;
  /** Called with trimmed text that passed `validate` and differs from `value`. */
  readonly onCommit: (text: string) => void;
  readonly hint?: string;
  readonly inputMode?: 'text' | 'numeric';
}

/**
 * A labelled text input that commits on Enter or when focus leaves, so one typed value is
 * one edit (one undo step) rather than one per keystroke. An invalid value is never
 * committed: its problem shows under the field (announced politely) and stays until the text
 * is fixed; Escape drops the draft and shows the committed value again.
 */
export function TextField({ label, value, validate, onCommit, hint, inputMode }: TextFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  // invariant: null while not editing; the input then shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const problem = draft === null ? null : validate(draft.trim());
  const shownProblem = tried && problem !== null ? problemText(t, problem) : '';

  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    if (validate(text) !== null) {
      setTried(true);
      return;
    }
    setDraft(null);
    setTried(false);
    if (text !== value) onCommit(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape' && draft !== null) {
      // Only a draft is dropped here; otherwise Escape belongs to whatever holds the field.
      event.stopPropagation();
      setDraft(null);
      setTried(false);
    }
  };

  const describedBy = [hint === undefined ? '' : hintId, shownProblem === '' ? '' : problemId].join(' ').trim();
  return (
    <div className="panels-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="text"
        inputMode={inputMode}
        spellCheck={false}
        autoComplete="off"
        value={draft ?? value}
        aria-invalid={shownProblem === '' ? undefined : true}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      {hint === undefined ? null : (
        <p id={hintId} className="panels-hint">
          {hint}
        </p>
      )}
      <p id={problemId} className="panels-problem" aria-live="polite">
        {shownProblem === '' ? null : (
          <>
            <span aria-hidden="true">✗ </span>
            {shownProblem}
          </>
        )}
      </p>
    </div>
  );
}
