import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { Night } from '../state/night';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { LegendDialog } from './LegendDialog';
import { LegendList } from './LegendList';
import { useLegendItems } from './useLegendItems';
import './chart.css';

interface ChartLegendProps {
  readonly document: ScenarioDocument;
  readonly night: Extract<Night, { kind: 'ok' }> | null;
}

/** The "Legend" button beside the chart, and the dialog it opens. */
export function LegendButton({ document, night }: ChartLegendProps) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const open = useUi(ui, (state) => state.legendOpen);
  const items = useLegendItems(document, night, open);
  return (
    <>
      <button
        type="button"
        className="panels-button legend-button"
        aria-haspopup="dialog"
        onClick={() => ui.getState().set({ legendOpen: true })}
        disabled={night === null}
      >
        {t('chart.legend.button')}
      </button>
      <LegendDialog
        open={open}
        items={items}
        onClose={() => ui.getState().set({ legendOpen: false })}
        onPrint={() => {
          // Printing with the legend is the Export menu's choice, made here; the page must
          // hold the legend before the print dialog takes its picture.
          flushSync(() => ui.getState().set({ legendOpen: false, legendInExports: true }));
          window.print();
        }}
      />
    </>
  );
}

/**
 * The legend under the chart when the person asked for it in exports: hidden on the screen,
 * printed with the chart, and read by the SVG and PNG export (exportActions.ts).
 */
export function LegendForExport({ document, night }: ChartLegendProps) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const wanted = useUi(ui, (state) => state.legendInExports);
  const items = useLegendItems(document, night, wanted);
  if (!wanted || items.length === 0) return null;
  return (
    <section className="legend-export" aria-hidden="true">
      <h2 className="legend-export-heading">{t('chart.legend.exportHeading')}</h2>
      <LegendList items={items} />
    </section>
  );
}
