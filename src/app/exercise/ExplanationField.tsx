import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPLANATION_CHARS_MAX } from '../../model/scenarioSchema';
import { useBurstDraft } from './useBurstDraft';

export { EXPLANATION_BURST_MS } from './useBurstDraft';

interface ExplanationFieldProps {
  /** The committed explanation (the document's `explanation`). */
  readonly value: string;
  readonly onCommit: (text: string) => void;
}

/**
 * The student's written explanation: a plain-text area whose draft is committed after a
 * pause in typing, when focus leaves, or when the page goes away, so each burst of typing is
 * one undoable edit. Undo (or an import) that changes the committed text replaces the draft.
 * Autosave knows of the draft: it shows "Saving…" while the words on screen are not in the
 * document, and commits the draft itself before the page is hidden or goes away.
 * Text is kept exactly as typed (never trimmed or interpreted).
 */
export function ExplanationField({ value, onCommit }: ExplanationFieldProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const hintId = useId();
  // Too long: not committed, and not pending either (the field says what is wrong).
  const { draft, change, flush } = useBurstDraft(value, onCommit, (text) => [...text].length <= EXPLANATION_CHARS_MAX);

  const length = [...draft].length;
  const tooLong = length > EXPLANATION_CHARS_MAX;
  return (
    <div className="exercise-explanation">
      <label htmlFor={fieldId}>{t('exercise.explanationLabel')}</label>
      <textarea
        id={fieldId}
        rows={5}
        value={draft}
        aria-describedby={hintId}
        aria-invalid={tooLong}
        onChange={(event) => change(event.currentTarget.value)}
        onBlur={flush}
      />
      <p id={hintId} className="panels-hint">
        {t('exercise.explanationHint', {
          max: EXPLANATION_CHARS_MAX,
          left: Math.max(0, EXPLANATION_CHARS_MAX - length),
        })}
      </p>
      {/* The printed page shows the committed text in full, where a text area would cut it off. */}
      <p className="explanation-print">{value}</p>
      {tooLong ? (
        <p className="panels-problem" role="alert">
          {t('exercise.explanationTooLong', { max: EXPLANATION_CHARS_MAX, count: length })}
        </p>
      ) : null}
    </div>
  );
}
