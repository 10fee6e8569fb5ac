import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { STUDENT_NAME_CHARS_MAX } from '../../model/scenarioSchema';
import { PRESETS } from '../../presets/catalogue';
import { useModalDialog } from '../components/useModalDialog';
import { exportFailureText } from '../exchange/exportFailure';
import { exportStem } from '../exchange/handInSummary';
import { withoutSelection } from '../exchange/withoutSelection';
import { useStores } from '../state/stores';
import { handInCheck } from './handInCheck';
import { handInWarningText } from './handInWarningText';

/**
 * EX03's hand-in: a button that first shows what an instructor will see (the grader's own
 * checks, handInCheck.ts: steps missing, the example unchanged, no explanation, no name) and
 * asks the student's name, then saves the picture with the scenario inside as
 * `ex03-<name>-<date>.png`. Nothing is saved until the student says so; the focus starts in
 * the name when none is given, else, with a warning, on the safe choice: going back.
 */
export function HandIn({ document }: { readonly document: ScenarioDocument }) {
  const { t } = useTranslation();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="exercise-hand-in">
      <button type="button" className="panels-button" aria-describedby={hintId} onClick={() => setOpen(true)}>
        {t('exercise.handIn.button')}
      </button>
      <p id={hintId} className="panels-hint">
        {t('exercise.handIn.hint')}
      </p>
      {open ? <HandInDialog document={document} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function HandInDialog({ document, onClose }: { readonly document: ScenarioDocument; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const { documents, ui } = useStores();
  const headingId = useId();
  const summaryId = useId();
  const nameId = useId();
  const [name, setName] = useState(document.student ?? '');
  const [saving, setSaving] = useState(false);
  const { dialogRef, onDialogClose, onKeyDown, close } = useModalDialog(true, onClose);
  const check = useMemo(() => handInCheck(document, name, PRESETS), [document, name]);
  const signed = (current: ScenarioDocument): ScenarioDocument => {
    const { student: _previous, ...unsigned } = current;
    return name.trim() === '' ? unsigned : { ...unsigned, student: name };
  };
  const fileName = `${exportStem(signed(document), new Date())}.png`;
  const warned = check.warnings.length > 0;
  const nameField = useRef<HTMLInputElement>(null);
  const backButton = useRef<HTMLButtonElement>(null);
  // After showModal (useModalDialog's effect runs first): the name when none is given yet, else
  // with a warning the safe choice, going back; else the dialog's first field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: where the focus starts, once, as the dialog opens.
  useEffect(() => {
    if (name.trim() === '') nameField.current?.focus();
    else if (warned) backButton.current?.focus();
  }, []);

  const save = async () => {
    setSaving(true);
    // The name goes into the night as the Your name field puts it there: one undoable edit.
    const current = documents.getState().document;
    if ((current.student ?? '') !== name.trim()) {
      documents.getState().commit([{ kind: 'replaceDocument', document: signed(current) }]);
    }
    const handedIn = documents.getState().document;
    try {
      const { exportPng } = await import('../exchange/exportActions');
      const file = await withoutSelection(ui, () => exportPng(handedIn, t));
      ui.getState().set({ notice: { kind: 'info', text: t('exercise.handIn.saved', { file }) } });
      close();
    } catch (error) {
      ui.getState().set({
        notice: { kind: 'error', text: t('exercise.handIn.failed', { reason: exportFailureText(t, error) }) },
      });
      setSaving(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="panels-dialog hand-in-dialog"
      aria-labelledby={headingId}
      aria-describedby={summaryId}
      onClose={onDialogClose}
      onKeyDown={onKeyDown}
    >
      <h2 id={headingId}>{t('exercise.handIn.heading')}</h2>
      <div className="exercise-student">
        <label htmlFor={nameId}>{t('exercise.handIn.nameLabel')}</label>
        <input
          ref={nameField}
          id={nameId}
          type="text"
          autoComplete="name"
          maxLength={STUDENT_NAME_CHARS_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </div>
      <div id={summaryId}>
        <p className="hand-in-will-see">{t('exercise.handIn.willSee')}</p>
        <p>
          {check.total > 0 && check.done === check.total
            ? t('exercise.handIn.complete', { total: check.total })
            : t('exercise.handIn.partial', { done: check.done, total: check.total })}
        </p>
        {warned ? (
          <ul className="hand-in-warnings">
            {check.warnings.map((warning) => (
              <li key={warning.kind}>
                <span aria-hidden="true">⚠ </span>
                {handInWarningText(t, warning, PRESETS, fileName)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('exercise.handIn.nothingFlagged')}</p>
        )}
        <p className="panels-hint">{t('exercise.handIn.file', { file: fileName })}</p>
      </div>
      <div className="confirm-actions">
        <button ref={backButton} type="button" className="panels-button" onClick={close}>
          {t('exercise.handIn.back')}
        </button>
        <button type="button" className="panels-button" disabled={saving} onClick={() => void save()}>
          {warned ? t('exercise.handIn.saveAnyway') : t('exercise.handIn.save')}
        </button>
      </div>
    </dialog>
  );
}
