import { useTranslation } from 'react-i18next';
import { useSaveStatus } from './AutosaveContext';
import { clockTime } from './clockTime';

/**
 * The toolbar's "Saving…" / "Saved" word, a polite live region so that a screen reader hears
 * when work is (or is not) kept. Words and a symbol, never colour alone.
 */
export function SaveStatus() {
  const { t } = useTranslation();
  const status = useSaveStatus();
  const text = {
    idle: () => t('exchange.save.idle'),
    saving: () => t('exchange.save.saving'),
    saved: () => t('exchange.save.saved'),
    failed: () => t('exchange.save.failed'),
    conflict: () => t('exchange.save.conflict'),
  }[status.kind]();
  const symbol = { idle: '○', saving: '◌', saved: '✓', failed: '!', conflict: '!' }[status.kind];
  const title = status.kind === 'saved' ? t('exchange.save.savedTitle', { time: clockTime(status.atMs) }) : undefined;
  return (
    <span className={`save-status save-status--${status.kind}`} role="status" aria-live="polite" title={title}>
      <span aria-hidden="true">{symbol} </span>
      {text}
    </span>
  );
}
