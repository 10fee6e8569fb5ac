import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDENT_NAME_CHARS_MAX } from '../../model/scenarioSchema';
import { EXPLANATION_BURST_MS } from './ExplanationField';

interface StudentNameFieldProps {
  /** The committed name (the document's `student`). */
  readonly value: string;
  readonly onCommit: (name: string) => void;
}

/**
 * The student's name on the hand-in (saved as `student`, shown in the exported picture and
 * its file name, read by `leaseline grade`). Committed after a pause in typing, on Enter and
 * when focus leaves (so a click on Export commits it first): one undo step per burst. Kept as
 * typed; an over-long name is cut by the field itself (maxLength).
 */
export function StudentNameField({ value, onCommit }: StudentNameFieldProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ draft, onCommit });
  latest.current = { draft, onCommit };

  // A change from outside (Undo, an opened file) wins over the draft it replaced.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setDraft(value);
  }, [value]);

  const flush = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const name = latest.current.draft;
    if (name === committed.current) return;
    committed.current = name;
    latest.current.onCommit(name);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: flush reads refs only; bound once.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  return (
    <div className="exercise-student">
      <label htmlFor={fieldId}>{t('exercise.studentLabel')}</label>
      <input
        id={fieldId}
        type="text"
        autoComplete="name"
        maxLength={STUDENT_NAME_CHARS_MAX}
        value={draft}
        aria-describedby={hintId}
        onChange={(event) => {
          const name = event.currentTarget.value;
          setDraft(name);
          latest.current.draft = name;
          if (timer.current !== null) clearTimeout(timer.current);
          timer.current = setTimeout(flush, EXPLANATION_BURST_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush();
        }}
        onBlur={flush}
      />
      <p id={hintId} className="panels-hint">
        {t('exercise.studentHint')}
      </p>
      {/* On paper the name is text, as the explanation is, not an empty-looking field. */}
      <p className="explanation-print">{draft}</p>
    </div>
  );
}
