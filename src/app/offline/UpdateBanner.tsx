import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { offlineStatus } from './offlineStatus';

/**
 * A quiet line when a new version of Leaseline is waiting: it loads the next time the page
 * opens, or now if the person asks. Never a reload on its own (a lesson may be running).
 */
export function UpdateBanner() {
  const { t } = useTranslation();
  const updateWaiting = useStore(offlineStatus, (state) => state.updateWaiting);
  const applyUpdate = useStore(offlineStatus, (state) => state.applyUpdate);
  if (!updateWaiting) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t('offline.updateWaiting')}</span>
      {applyUpdate ? (
        <button type="button" onClick={applyUpdate}>
          {t('offline.updateNow')}
        </button>
      ) : null}
      <button type="button" onClick={() => offlineStatus.getState().set({ updateWaiting: false })}>
        {t('offline.later')}
      </button>
    </div>
  );
}
