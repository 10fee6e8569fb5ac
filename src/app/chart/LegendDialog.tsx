import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegendItem } from '../../timeline/legend';
import { useModalDialog } from '../components/useModalDialog';
import { LegendList } from './LegendList';

interface LegendDialogProps {
  readonly open: boolean;
  readonly items: readonly LegendItem[];
  readonly onClose: () => void;
  /** Print the page with the legend under the chart. */
  readonly onPrint: () => void;
}

/**
 * The chart's key in a native modal <dialog> (useModalDialog: focus moves in, Escape or Close
 * closes, focus goes back to the Legend button).
 */
export function LegendDialog({ open, items, onClose, onPrint }: LegendDialogProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { dialogRef, onDialogClose, onKeyDown, close } = useModalDialog(open, onClose);
  return (
    <dialog
      ref={dialogRef}
      className="panels-dialog panels-dialog--columns legend-dialog"
      aria-labelledby={headingId}
      onClose={onDialogClose}
      onKeyDown={onKeyDown}
    >
      <h2 id={headingId}>{t('chart.legend.heading')}</h2>
      <p className="panels-hint">{t('chart.legend.intro')}</p>
      {/* The list scrolls, not the dialog (dialog.css, `.panels-dialog--columns`). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
      <section className="panels-dialog-scroll" aria-labelledby={headingId} tabIndex={0}>
        {open ? <LegendList items={items} /> : null}
      </section>
      <div className="legend-actions">
        <button type="button" className="panels-button" onClick={close}>
          {t('chart.legend.close')}
        </button>
        <button
          type="button"
          className="panels-button"
          onClick={() => {
            close();
            onPrint();
          }}
        >
          {t('chart.legend.print')}
        </button>
      </div>
    </dialog>
  );
}
