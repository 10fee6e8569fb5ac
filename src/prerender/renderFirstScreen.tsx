/**
 * The first screen, drawn at build time: the page's own React tree (the same providers and
 * `App` as main.tsx) rendered with React into a happy-dom page the size of the reference
 * window, in that reference's language (switched as the app's start switches it: its texts,
 * `<html lang dir>`, Western digits), its effects run, so the chart's controller lays the
 * flagship night out and draws it with the app's D3 code. What comes out is the markup of
 * #root after that first render, which vite.config.ts's first-screen plugin writes into the
 * built index.html
 * (firstScreenHtml.ts). Runs in Node through Vite's module runner, with happy-dom's window as
 * the globals (scripts/prerender-first-screen.mjs); never part of the app's bundle.
 */
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from '../app/App';
import { AUTOSAVE_KEY, DISPLACED_KEY } from '../app/exchange/autosaveRecord';
import { i18n, loadLanguage, switchLanguage } from '../app/i18n';
import { directionOf } from '../app/i18n/languages';
import { createDocumentStore } from '../app/state/documentStore';
import { FLAGSHIP_PRESET_ID, presetDocument } from '../app/state/initialDocument';
import { PREFERENCES_KEY } from '../app/state/preferences';
import { type Stores, StoresProvider } from '../app/state/stores';
import { createUiStore } from '../app/state/uiStore';
import type { FirstScreenKeys } from './firstScreenScript';
import { installReferenceGeometry } from './referenceGeometry';
import type { ReferenceLayout } from './referenceLayout';
import { freezeFormState, prefixIds } from './staticMarkup';

export interface RenderedFirstScreen {
  /** #root's markup once the flagship's first screen is rendered and its chart drawn. */
  readonly nightHtml: string;
  /** Which reference window and language it was drawn for. */
  readonly layout: ReferenceLayout;
  /** `dir` of its language, for the variant's wrapper. */
  readonly direction: 'ltr' | 'rtl';
  /** The brand, as the header shows it. */
  readonly brand: string;
  /** What the page says while the app starts (the status under the first screen), in the layout's language. */
  readonly startingText: string;
  /** What the head script (firstScreenScript.ts) reads from the app; the build adds the font's files. */
  readonly scriptKeys: Omit<FirstScreenKeys, 'arabicFont'>;
}

/** The prefix of every id in a variant's markup (staticMarkup.ts): `first-screen-ar-short-`. */
export function firstScreenIdPrefix(layout: ReferenceLayout): string {
  return `first-screen-${layout.language}-${layout.name}-`;
}

/**
 * Renders the flagship's page into `view` (a happy-dom window of the layout's size, installed
 * as the globals) in the layout's language and returns its markup. The page is unmounted
 * again before it returns.
 */
export async function renderFirstScreen(
  view: import('happy-dom').Window,
  layout: ReferenceLayout,
): Promise<RenderedFirstScreen> {
  const { language } = layout;
  const removeGeometry = installReferenceGeometry(view, layout);
  // Western digits: the app's default. The head script leaves Arabic-Indic ones to the skeleton.
  await switchLanguage(language, 'western', view.document as unknown as Document);
  const stores: Stores = {
    documents: createDocumentStore(presetDocument(FLAGSHIP_PRESET_ID), FLAGSHIP_PRESET_ID),
    ui: createUiStore(),
  };
  const container = view.document.createElement('div');
  container.id = 'root';
  view.document.body.append(container);
  const root = createRoot(container as unknown as HTMLElement);
  try {
    // A synchronous render runs its effects before flushSync returns: the chart's controller
    // (mounted in TimelineView's effect) has drawn the night by then. (React's act() is not
    // in its production build, which `vite build` loads.)
    flushSync(() => {
      root.render(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <StoresProvider stores={stores}>
              <App />
            </StoresProvider>
          </I18nextProvider>
        </StrictMode>,
      );
    });
    // In place: the tree is unmounted right after, and nothing renders it again meanwhile.
    const page = container as unknown as HTMLElement;
    freezeFormState(page);
    prefixIds(page, firstScreenIdPrefix(layout));
    fitChartToFrame(page, layout);
    const nightHtml = page.innerHTML;
    const brand = i18n.t('app.title');
    const startingText = i18n.t('app.starting');
    const scriptKeys = await headScriptKeys();
    return { nightHtml, layout, direction: directionOf(language), brand, startingText, scriptKeys };
  } finally {
    root.unmount();
    container.remove();
    removeGeometry();
  }
}

/** The head script's keys: the app's storage slots and the Arabic title it sets at start. */
async function headScriptKeys(): Promise<Omit<FirstScreenKeys, 'arabicFont'>> {
  await loadLanguage('ar');
  return {
    workKeys: [AUTOSAVE_KEY, DISPLACED_KEY],
    preferencesKey: PREFERENCES_KEY,
    arabicTitle: i18n.getFixedT('ar')('app.documentTitle'),
  };
}

/**
 * The chart keeps its drawn size in the reference window and the same share of the frame's
 * width in any other (height following), until the app draws it for that window.
 */
function fitChartToFrame(page: HTMLElement, layout: ReferenceLayout): void {
  const chart = page.querySelector<SVGSVGElement>('svg.timeline');
  const widthPx = Number(chart?.getAttribute('width'));
  if (!chart || !(widthPx > 0)) throw new Error('the first screen has no drawn chart');
  chart.style.width = `${((100 * widthPx) / layout.frameWidthPx).toFixed(4)}%`;
  chart.style.height = 'auto';
}
