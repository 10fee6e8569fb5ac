import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handInFileName } from '../../model/buildHandIn';
import { type HandInExercise, STUDENT_NAME_CHARS_MAX } from '../../model/handInFileSchema';
import { useModalDialog } from '../components/useModalDialog';
import { download } from '../exchange/download';
import { locatedProblemText, modelProblemText } from '../i18n/modelErrorText';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { AnswerField } from './AnswerField';
import { buildFromDraft, calendarDay } from './buildFromDraft';
import type { HandInDraft, HandInDrafts } from './handInDraft';
import { fieldOfPath, HAND_IN_FIELDS } from './handInFields';
import './handIn.css';
import './handInText';

const NO_DRAFTS: HandInDrafts = { student: '', byExercise: {} };

interface HandInFileDialogProps {
  readonly exercise: HandInExercise;
  readonly prefill?: Readonly<Record<string, string>>;
  readonly onClose: () => void;
}

/**
 * The hand-in dialog of an exercise handed in as a file: the name, the answer's fields, the
 * problems the grader's own loader finds (the model's builders), each beside its field once
 * the student has tried to save, and Save, which downloads `<exercise>-<name>-<date>.json`.
 * What is typed stays in the UI store as a draft for the session, never in the undo history.
 */
export function HandInFileDialog({ exercise, prefill, onClose }: HandInFileDialogProps) {
  const { t } = useTranslation();
  const { documents, ui } = useStores();
  const headingId = useId();
  const nameId = useId();
  const nameProblemId = useId();
  const drafts: HandInDrafts = useUi(ui, (state) => state.handInDrafts) ?? NO_DRAFTS;
  const draft: HandInDraft = drafts.byExercise[exercise] ?? { fields: prefill ?? {}, attachNight: false };
  const student = drafts.student === '' ? (documents.getState().document.student ?? '') : drafts.student;
  const [tried, setTried] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  const { dialogRef, onDialogClose, onKeyDown, close } = useModalDialog(true, onClose);

  const built = useMemo(
    () =>
      buildFromDraft(exercise, draft, {
        student,
        date: calendarDay(new Date()),
        night: documents.getState().document as unknown as Record<string, unknown>,
      }),
    [exercise, draft, student, documents],
  );
  const problems = (key: string | null) =>
    !tried || built.ok
      ? []
      : built.errors.filter((error) => fieldOfPath(error.path) === key).map((error) => modelProblemText(t, error));
  const known = new Set(['student', ...HAND_IN_FIELDS[exercise].map((spec) => spec.key)]);
  const elsewhere = !tried || built.ok ? [] : built.errors.filter((error) => !known.has(fieldOfPath(error.path) ?? ''));

  const setDraft = (next: HandInDraft) =>
    ui.getState().set({ handInDrafts: { ...drafts, byExercise: { ...drafts.byExercise, [exercise]: next } } });
  const setField = (key: string, value: string) => setDraft({ ...draft, fields: { ...draft.fields, [key]: value } });

  const save = () => {
    setTried(true);
    if (student.trim() === '') {
      nameField.current?.focus();
      return;
    }
    if (!built.ok) {
      // The first field with a problem takes the focus, so the student lands where to fix it.
      const first = fieldOfPath(built.errors[0]?.path ?? '');
      const target = dialogRef.current?.querySelector<HTMLElement>(`[data-field="${first ?? ''}"]`);
      (first === 'student' ? nameField.current : target)?.focus();
      return;
    }
    download(built.fileName, built.text, 'application/json');
    ui.getState().set({ notice: { kind: 'info', text: t('exercise.handInFile.saved', { file: built.fileName }) } });
    close();
  };

  const nameProblems = problems('student');
  const nameMissing = tried && student.trim() === '';
  return (
    <dialog
      ref={dialogRef}
      className="panels-dialog hand-in-dialog hand-in-file-dialog"
      aria-labelledby={headingId}
      onClose={onDialogClose}
      onKeyDown={onKeyDown}
    >
      <h2 id={headingId}>{t('exercise.handInFile.heading', { exercise: exercise.toUpperCase() })}</h2>
      <p>{t(`exercise.handInFile.intro.${exercise}`)}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="hand-in-field">
          <label htmlFor={nameId}>{t('exercise.handIn.nameLabel')}</label>
          <input
            ref={nameField}
            id={nameId}
            type="text"
            autoComplete="name"
            required
            maxLength={STUDENT_NAME_CHARS_MAX}
            value={student}
            aria-invalid={nameMissing || nameProblems.length > 0}
            aria-describedby={nameMissing || nameProblems.length > 0 ? nameProblemId : undefined}
            onChange={(event) => ui.getState().set({ handInDrafts: { ...drafts, student: event.currentTarget.value } })}
          />
          {nameMissing || nameProblems.length > 0 ? (
            <p id={nameProblemId} className="hand-in-problems">
              {nameMissing ? t('exercise.handInFile.nameMissing') : nameProblems.join(' ')}
            </p>
          ) : null}
        </div>
        {HAND_IN_FIELDS[exercise].map((spec) => (
          <AnswerField
            key={spec.key}
            spec={spec}
            // The keys are HAND_IN_FIELDS' own; the locale test holds each label to exist.
            label={t(`exercise.handInFile.field.${exercise}.${spec.key}` as 'exercise.handInFile.field.ex01.text')}
            hint={spec.optional ? t('exercise.handInFile.optional') : undefined}
            value={draft.fields[spec.key] ?? ''}
            problems={problems(spec.key)}
            onChange={(value) => setField(spec.key, value)}
          />
        ))}
        {exercise === 'ex06' ? (
          <label className="hand-in-attach">
            <input
              type="checkbox"
              checked={draft.attachNight}
              onChange={(event) => setDraft({ ...draft, attachNight: event.currentTarget.checked })}
            />{' '}
            {t('exercise.handInFile.attachNight')}
          </label>
        ) : null}
        <div role="alert" aria-live="assertive" className="hand-in-summary">
          {tried && !built.ok ? <p>{t('exercise.handInFile.notSaved', { count: built.errors.length })}</p> : null}
          {elsewhere.length > 0 ? (
            <ul className="hand-in-problems">
              {elsewhere.map((error) => (
                <li key={`${error.path}:${error.message}`}>{locatedProblemText(t, error)}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <p className="panels-hint">
          {t('exercise.handIn.file', {
            file: handInFileName(exercise, student, calendarDay(new Date())),
          })}
        </p>
        <div className="confirm-actions">
          <button type="button" className="panels-button" onClick={close}>
            {t('exercise.handInFile.cancel')}
          </button>
          <button type="submit" className="panels-button">
            {t('exercise.handIn.save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
