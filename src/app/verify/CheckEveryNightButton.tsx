import { useTranslation } from 'react-i18next';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { checkEveryNightOnPage } from './checkEveryNightOnPage';

/** "Check every night" beside Find a failure: opens the bounds' form for the design on screen. */
export function CheckEveryNightButton() {
  const { t } = useTranslation();
  const stores = useStores();
  const running = useUi(stores.ui, (state) => state.checkEveryNight.status === 'running');
  return (
    <button
      type="button"
      className="panels-button check-every-night-button"
      disabled={running}
      onClick={() => checkEveryNightOnPage(stores)}
    >
      {t('toolbar.checkEveryNight')}
    </button>
  );
}
