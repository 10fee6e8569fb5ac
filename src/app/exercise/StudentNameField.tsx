import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDENT_NAME_CHARS_MAX } from '../../model/scenarioSchema';
import { useBurstDraft } from './useBurstDraft';

interface StudentNameFieldProps {
  /** The committed name (the document's `student`). */
  readonly value: string;
  readonly onCommit: (name: string) => void;
}

/**
 * The student's name on the hand-in (saved as `student`, shown in the exported picture and
 * its file name, read by `leaseline grade`). Committed after a pause in typing, on Enter and
 * when focus leaves (so a click on Export commits it first), and before autosave writes or
 * the page goes away: one undo step per burst, and never lost to a quick reload. Kept as
 * typed; an over-long name is cut by the field itself (maxLength).
 */
export function StudentNameField({ value, onCommit }: StudentNameFieldProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const hintId = useId();
  const { draft, change, flush } = useBurstDraft(value, onCommit);

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
        onChange={(event) => change(event.currentTarget.value)}
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
