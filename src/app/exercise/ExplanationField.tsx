import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPLANATION_CHARS_MAX } from '../../model/scenarioSchema';
import { useAutosave } from '../exchange/AutosaveContext';

/** A pause in typing this long ends an edit burst: one undo step per burst, not per key. */
export const EXPLANATION_BURST_MS = 1_000;

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
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ draft, onCommit });
  latest.current = { draft, onCommit };
  const autosave = useAutosave();
  const autosaveRef = useRef(autosave);
  autosaveRef.current = autosave;
  /** This field's key in autosave's set of pending drafts. */
  const draftKey = useRef({});

  // A change from outside (Undo, an opened file) wins over the draft it replaced.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setDraft(value);
  }, [value]);

  const flush = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const text = latest.current.draft;
    // Too long: not committed, and not pending either (the field says what is wrong).
    if (text !== committed.current && [...text].length <= EXPLANATION_CHARS_MAX) {
      committed.current = text;
      latest.current.onCommit(text);
    }
    autosaveRef.current?.draftPending(draftKey.current, false);
  };

  // Leaving or hiding the page ends the burst: autosave commits the draft before it writes
  // (whatever order the page's listeners run in). Without an autosave (tests mounting the
  // panel alone) the field listens itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: flush reads refs only; bound once per autosave.
  useEffect(() => {
    if (autosave) {
      const remove = autosave.addDraft(flush);
      return () => {
        remove();
        flush();
      };
    }
    window.addEventListener('beforeunload', flush);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('beforeunload', flush);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [autosave]);

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
        onChange={(event) => {
          const text = event.currentTarget.value;
          setDraft(text);
          latest.current.draft = text;
          if (timer.current !== null) clearTimeout(timer.current);
          timer.current = setTimeout(flush, EXPLANATION_BURST_MS);
          autosave?.draftPending(draftKey.current, text !== committed.current);
        }}
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
