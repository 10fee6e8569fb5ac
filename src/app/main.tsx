/**
 * The app, loaded by the page's entry (boot.ts) once the first screen is painted: opens the
 * interface in the visit's language (i18n/startLanguage.ts), creates the stores (the document
 * from a share link or `#exercise=ex03` in the address, else the autosaved work, else the
 * flagship; see exchange/openingDocument.ts), starts autosave, and mounts the app into
 * index.html's #root, inside an error boundary that offers the work as a file whenever
 * rendering breaks.
 */
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { CrashFallback } from './components/CrashFallback';
import { UncaughtErrors } from './components/UncaughtErrors';
import { AutosaveProvider } from './exchange/AutosaveContext';
import { prepareClockTime } from './exchange/clockTime';
import { startPage } from './exchange/startPage';
import { takeOverFirstScreen } from './firstScreen/takeOver';
import { i18n } from './i18n';
import { startLanguage } from './i18n/startLanguage';
import { registerOffline } from './offline/registerOffline';
import { UpdateBanner } from './offline/UpdateBanner';
import { FLAGSHIP_PRESET_ID, presetDocument } from './state/initialDocument';
import { hasShareLink, loadShareLinkCodec } from './state/shareLinkCodec';
import { StoresProvider } from './state/stores';

// The app starts on index.html (#root) only; embed.html starts the embed from its own entry
// (#embed-root; src/app/embed).
const container = document.getElementById('root');

/**
 * Starts the page. Not top-level code: a chunk awaited here (the share-link codec) imports
 * modules of this entry chunk, and with a top-level `await` the entry would still be
 * evaluating, so that import could never finish.
 */
async function start(root: HTMLElement): Promise<void> {
  registerOffline(window);
  // English is bundled; another language is loaded first, so the first render is already in it.
  // So is the share-link codec when the address holds a link, which it opens.
  await Promise.all([
    startLanguage(window),
    hasShareLink(window.location.hash) ? loadShareLinkCodec().catch(codecFailed) : null,
  ]);
  const { stores, autosave } = startPage(window, i18n.t);
  // The first render writes the night's address: written out for the flagship, made by the
  // codec for anything else (autosaved work, the exercise), which is fetched first then, so the
  // address is right at once. A first visit fetches it just after (state/shareLinkCodec.ts).
  if (stores.documents.getState().document === presetDocument(FLAGSHIP_PRESET_ID))
    void loadShareLinkCodec().catch(codecFailed);
  else await loadShareLinkCodec().catch(codecFailed);

  // The prerendered first screen stays over #root until the app's chart is drawn. The first
  // render is synchronous: the page (its chart drawn in a layout effect) replaces the first
  // screen in one task.
  takeOverFirstScreen(document, root);
  const reactRoot = createRoot(root);
  flushSync(() =>
    reactRoot.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <StoresProvider stores={stores}>
            <AutosaveProvider autosave={autosave}>
              <ErrorBoundary FallbackComponent={CrashFallback}>
                <UncaughtErrors />
                <UpdateBanner />
                <App />
              </ErrorBoundary>
            </AutosaveProvider>
          </StoresProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
  prepareClockTime(window);
}

/** The codec could not arrive: a link then says so (initialDocument.ts); nothing else needs it. */
function codecFailed(): null {
  return null;
}

if (container !== null) void start(container);
