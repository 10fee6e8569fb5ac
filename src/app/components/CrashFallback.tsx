import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { serializeScenario } from '../../model/serializeScenario';
import { download, fileStem } from '../exchange/download';
import { useStores } from '../state/stores';

/**
 * What the page shows when rendering breaks: the work is never lost with it. The document
 * store lives outside React, so the scenario (and its undo history) survive the broken render;
 * the first button downloads it as a scenario file, the second renders again.
 */
export function CrashFallback({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation();
  const { documents } = useStores();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="wrap crash" role="alert" aria-labelledby="crash-heading">
      <h1 id="crash-heading">{t('crash.heading')}</h1>
      <p>{t('crash.body')}</p>
      <p className="crash-actions">
        <button
          type="button"
          onClick={() => {
            const document = documents.getState().document;
            download(`${fileStem(document.title)}.json`, serializeScenario(document), 'application/json');
          }}
        >
          {t('crash.download')}
        </button>
        <button type="button" onClick={resetErrorBoundary}>
          {t('crash.retry')}
        </button>
        <button type="button" onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </button>
      </p>
      <p className="crash-detail">{t('crash.detail', { message })}</p>
    </main>
  );
}
