import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../state/stores';
import { openFileOnDemand } from './openFileOnDemand';

/** "Open…": a file picker for scenario files (.json) and hand-in pictures (.png). */
export function OpenButton() {
  const { t } = useTranslation();
  const stores = useStores();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" aria-label={t('exchange.open.label')} onClick={() => input.current?.click()}>
        {t('exchange.open.button')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,.png,application/json,image/png"
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared at once, so choosing the same file again opens it again.
          event.currentTarget.value = '';
          if (file) void openFileOnDemand(file, stores, t);
        }}
      />
    </>
  );
}
