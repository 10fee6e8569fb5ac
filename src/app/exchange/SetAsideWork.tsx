import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useAutosave } from './AutosaveContext';
import { clockTime } from './clockTime';

const NONE = { getState: () => null, getInitialState: () => null, subscribe: () => () => {} };

/**
 * The other tab's work that "Keep mine" set aside, offered until the person opens it (one
 * undoable step) or lets it go: nobody's work is lost to a choice made in a hurry.
 */
export function SetAsideWork() {
  const { t } = useTranslation();
  const autosave = useAutosave();
  const setAside = useStore(autosave?.status ?? NONE, (state) => (state ? state.setAside : null));
  if (autosave === null || setAside === null) return null;
  return (
    <div className="notice notice--info set-aside" role="status">
      <p>
        {t('exchange.setAside.text', {
          time: clockTime(setAside.savedAtMs),
          title: setAside.document.title ?? t('exchange.conflict.untitled'),
        })}
      </p>
      <button type="button" onClick={() => autosave.openSetAside()}>
        {t('exchange.setAside.open')}
      </button>
      <button type="button" onClick={() => autosave.discardSetAside()}>
        {t('exchange.setAside.discard')}
      </button>
    </div>
  );
}
