import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../components/onDemand';
import { useDocument } from '../state/documentStore';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { exportFailureText } from './exportFailure';
import { withoutSelection } from './withoutSelection';

type ExportKind = 'json' | 'png' | 'pngLight' | 'svg' | 'svgLight' | 'link' | 'print';
const KINDS: readonly ExportKind[] = ['png', 'svg', 'json', 'link', 'print'];
/** On a dark page the pictures come in the light palette too (for paper and for projectors). */
const DARK_KINDS: readonly ExportKind[] = ['png', 'pngLight', 'svg', 'svgLight', 'json', 'link', 'print'];

/** Whether the page is dark, so the menu also offers the light palette. */
function pageIsDark(): boolean {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/**
 * The export code (the SVG clone and its sanitiser, the PNG with the scenario inside) is
 * fetched when the menu opens, not with the page; by the time an item is chosen it is there.
 */
const loadExportActions = () => import('./exportActions');

/** "Embed in a page…" (src/app/embed/EmbedDialog.tsx) arrives when first chosen, never with the page. */
const EmbedDialog = onDemand(() => import('../embed/EmbedDialog').then((m) => m.EmbedDialog), { hiddenLoading: true });

/**
 * "Export": a disclosure button opening a short list of buttons (picture with the scenario
 * inside, SVG, scenario file, share link, print). Escape or a click elsewhere closes it.
 */
export function ExportMenu() {
  const { t } = useTranslation();
  const { documents, ui } = useStores();
  const scenario = useDocument(documents, (state) => state.document);
  const [open, setOpen] = useState(false);
  const [embedOpen, setEmbedOpen] = useState(false);
  const withLegend = useUi(ui, (state) => state.legendInExports);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // A failed fetch here is retried by the chosen item, which reports it.
    loadExportActions().catch(() => undefined);
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const tell = (kind: 'info' | 'error', text: string) => ui.getState().set({ notice: { kind, text } });
  const kinds = pageIsDark() ? DARK_KINDS : KINDS;
  const run = async (kind: ExportKind) => {
    setOpen(false);
    try {
      if (kind === 'print') {
        window.print();
        return;
      }
      const { copyShareLink, exportJson, exportPng, exportSvg } = await loadExportActions();
      if (kind === 'link')
        tell(
          'info',
          (await copyShareLink(scenario)) ? t('exchange.export.linkCopied') : t('exchange.export.linkNotCopied'),
        );
      else if (kind === 'json') tell('info', t('exchange.export.saved', { file: exportJson(scenario) }));
      else {
        const file = await withoutSelection(ui, () => {
          const options = { light: kind === 'pngLight' || kind === 'svgLight' };
          return kind === 'svg' || kind === 'svgLight'
            ? exportSvg(scenario, t, options)
            : exportPng(scenario, t, options);
        });
        tell('info', t('exchange.export.saved', { file }));
      }
    } catch (error) {
      tell('error', t('exchange.export.failed', { reason: exportFailureText(t, error) }));
    }
  };

  return (
    <div className="export-menu" ref={root}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('exchange.export.button')} <span aria-hidden="true">▾</span>
      </button>
      <ul id={listId} className="export-menu-list" aria-label={t('exchange.export.menuLabel')} hidden={!open}>
        {kinds.map((kind) => (
          <li key={kind}>
            <button type="button" onClick={() => void run(kind)}>
              {t(`exchange.export.${kind}`)}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            onPointerEnter={() => void EmbedDialog.preload()}
            onClick={() => {
              setOpen(false);
              // The dialog gives focus back to what had it: the menu's button, not a hidden item.
              button.current?.focus();
              void EmbedDialog.preload().then(() => setEmbedOpen(true));
            }}
          >
            {t('exchange.export.embed')}
          </button>
        </li>
        <li className="export-menu-option">
          <label>
            <input
              type="checkbox"
              checked={withLegend}
              onChange={(event) => ui.getState().set({ legendInExports: event.currentTarget.checked })}
            />{' '}
            {t('chart.legend.exportOption')}
          </label>
        </li>
      </ul>
      {embedOpen ? <EmbedDialog open={embedOpen} onClose={() => setEmbedOpen(false)} /> : null}
    </div>
  );
}
