import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDurationMs } from '../../model/duration';
import { SaveStatus } from '../exchange/SaveStatus';
import { useHistoryAvailability } from '../state/documentStore';
import { useStores } from '../state/stores';
import { SNAP_STEPS_MS, useUi } from '../state/uiStore';
import { ScenarioMenu } from './ScenarioMenu';

/**
 * The bar above the timeline, in groups: the preset menu (opening one is an undoable step);
 * undo and redo; the snap step; files (`children`: open and export) and the share link, with
 * the autosave status; the shortcuts list at the end. The fencing switch and the settings are
 * the panels' (src/app/panels); lessons, the course map and the exercise sit in the header.
 */
export function Toolbar({
  onShowShortcuts,
  children,
}: {
  readonly onShowShortcuts: () => void;
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation();
  const stores = useStores();
  const { documents, ui } = stores;
  const { canUndo, canRedo } = useHistoryAvailability(documents);
  const snapMs = useUi(ui, (state) => state.snapMs);
  const snapSelectId = useId();

  return (
    <div className="toolbar" role="toolbar" aria-label={t('toolbar.label')}>
      <ScenarioMenu />
      <span className="toolbar-sep" aria-hidden="true" />
      <button type="button" disabled={!canUndo} onClick={() => documents.temporal.getState().undo()}>
        {t('toolbar.undo')}
      </button>
      <button type="button" disabled={!canRedo} onClick={() => documents.temporal.getState().redo()}>
        {t('toolbar.redo')}
      </button>
      <span className="toolbar-sep" aria-hidden="true" />
      <label htmlFor={snapSelectId}>{t('toolbar.snap')}</label>
      <select
        id={snapSelectId}
        value={snapMs}
        onChange={(event) => ui.getState().set({ snapMs: Number(event.currentTarget.value) })}
      >
        {SNAP_STEPS_MS.map((step) => (
          <option key={step} value={step}>
            {t('toolbar.snapOption', { step: formatDurationMs(step) })}
          </option>
        ))}
      </select>
      <span className="toolbar-sep" aria-hidden="true" />
      {children}
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(window.location.href);
          ui.getState().set({ notice: { kind: 'info', text: t('toolbar.linkCopied') } });
        }}
      >
        {t('toolbar.copyLink')}
      </button>
      <SaveStatus />
      <button type="button" className="toolbar-end" aria-keyshortcuts="?" onClick={onShowShortcuts}>
        {t('toolbar.shortcuts')}
      </button>
    </div>
  );
}
