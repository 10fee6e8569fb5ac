import { useTranslation } from 'react-i18next';
import type { ScenarioWarning } from '../../model/scenarioError';
import { modelProblemText } from '../i18n/modelErrorText';

/**
 * Keys of the night's file that are not fields (a misspelt `lockAtMostFr` leaves the default
 * lease in force), shown inside the verdict's box under its sentence: the verdict is true of
 * the night without them, and this says so. Each key as the model names it, with the key meant;
 * nothing at all when every key is a field.
 */
export function KeyWarnings({ warnings }: { readonly warnings: readonly ScenarioWarning[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <div className="key-warnings" data-testid="key-warnings">
      <p>
        <span aria-hidden="true">⚠ </span>
        {t('verdict.keyWarnings')}
      </p>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.path}>{modelProblemText(t, warning)}</li>
        ))}
      </ul>
    </div>
  );
}
