import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandInExercise } from '../../model/handInFileSchema';
import { onDemand } from '../components/onDemand';
import './handInText';

// The dialog and the builders (with the loader the grader uses) are their own chunk, fetched
// when a student presses Hand in: the first screen carries only this button.
const HandInFileDialog = onDemand(() => import('./HandInFileDialog').then((m) => m.HandInFileDialog));

interface HandInFileButtonProps {
  readonly exercise: HandInExercise;
  /** EX05: the explorer's sliders as durations, offered as the answer's starting values. */
  readonly prefill?: Readonly<Record<string, string>>;
}

/** "Hand in…" for an exercise handed in as a file (EX01, EX02, EX04, EX05, EX06, LAB1). */
export function HandInFileButton({ exercise, prefill }: HandInFileButtonProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="exercise-hand-in">
      <button
        type="button"
        className="panels-button"
        aria-describedby={hintId}
        data-hand-in={exercise}
        onPointerEnter={() => void HandInFileDialog.preload()}
        onFocus={() => void HandInFileDialog.preload()}
        onClick={() => setOpen(true)}
      >
        {t('exercise.handInFile.button', { exercise: exercise.toUpperCase() })}
      </button>
      <p id={hintId} className="panels-hint">
        {t('exercise.handInFile.hint', { file: `${exercise}-your-name-date.json` })}
      </p>
      {open ? <HandInFileDialog exercise={exercise} prefill={prefill} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
