import { useTranslation } from 'react-i18next';
import { useAutosave, useSaveStatus } from './AutosaveContext';
import { clockTime } from './clockTime';

/**
 * Shown when another tab saved different, newer work: nothing is overwritten until the person
 * chooses. "Keep mine" saves this tab's work (the other is kept aside); "Load theirs" opens
 * the other tab's work as one undoable step, so this tab's work stays one Undo away.
 */
export function ConflictPrompt() {
  const { t } = useTranslation();
  const autosave = useAutosave();
  const status = useSaveStatus();
  if (autosave === null || status.kind !== 'conflict') return null;
  const { theirs } = status;
  return (
    <div className="notice notice--error conflict-prompt" role="alert">
      <p>
        {t('exchange.conflict.text', {
          time: clockTime(theirs.savedAtMs),
          title: theirs.document.title ?? t('exchange.conflict.untitled'),
        })}
      </p>
      <button type="button" onClick={() => autosave.keepMine()}>
        {t('exchange.conflict.keepMine')}
      </button>
      <button type="button" onClick={() => autosave.loadTheirs()}>
        {t('exchange.conflict.loadTheirs')}
      </button>
    </div>
  );
}
