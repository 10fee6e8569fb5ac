import { useTranslation } from 'react-i18next';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { findFailureOnPage } from './findFailureOnPage';

/** "Find a failure" beside the chart: searches the design on screen (Shift+F does the same). */
export function FindFailureButton() {
  const { t } = useTranslation();
  const stores = useStores();
  const running = useUi(stores.ui, (state) => state.findFailure.status === 'running');
  return (
    <button
      type="button"
      className="panels-button find-failure-button"
      aria-keyshortcuts="Shift+F"
      disabled={running}
      onClick={() => findFailureOnPage(stores)}
    >
      {t('search.button')}
    </button>
  );
}
