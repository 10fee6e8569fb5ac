import { useTranslation } from 'react-i18next';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';

/** A message about something the user did (a broken link, a copied link), dismissable. */
export function Notice() {
  const { t } = useTranslation();
  const { ui } = useStores();
  const notice = useUi(ui, (state) => state.notice);
  if (notice === null) return null;
  return (
    <div className={`notice notice--toast notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <p>{notice.text}</p>
      <button type="button" onClick={() => ui.getState().set({ notice: null })}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}
