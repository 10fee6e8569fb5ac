import { useTranslation } from 'react-i18next';
import type { RunOutcome, WriteResult } from '../../sim/readings/checkReportTypes';

// Each result is shown as text plus a shape, never by colour alone (WCAG 1.4.1).
const resultSymbol: Record<WriteResult, string> = { accepted: '✓', stale: '✗', duplicate: '=' };
const outcomeSymbol: Record<RunOutcome | 'running', string> = {
  done: '✓',
  aborted: '■',
  crashed: '✗',
  skipped: '–',
  running: '…',
};

/** What storage decided about one write. */
export function WriteResultMark({ result }: { readonly result: WriteResult }) {
  const { t } = useTranslation();
  return (
    <span className={`mark mark--${result}`}>
      <span className="mark-symbol" aria-hidden="true">
        {resultSymbol[result]}
      </span>
      {t(`result.${result}`)}
    </span>
  );
}

/** How one run ended; `null` means it was still running at the window's end. */
export function RunOutcomeMark({ outcome }: { readonly outcome: RunOutcome | null }) {
  const { t } = useTranslation();
  const key = outcome ?? 'running';
  return (
    <span className={`mark mark--${key}`}>
      <span className="mark-symbol" aria-hidden="true">
        {outcomeSymbol[key]}
      </span>
      {t(`outcome.${key}`)}
    </span>
  );
}
