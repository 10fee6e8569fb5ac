/**
 * Browser entry: opens the interface in the visit's language (i18n/startLanguage.ts), creates
 * the stores (the document from a share link or `#exercise=ex03` in the address, else the
 * autosaved work, else the flagship; see exchange/openingDocument.ts), starts autosave, and mounts the app into index.html's #root, inside an error boundary that
 * offers the work as a file whenever rendering breaks.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { CrashFallback } from './components/CrashFallback';
import { UncaughtErrors } from './components/UncaughtErrors';
import { AutosaveProvider } from './exchange/AutosaveContext';
import { startPage } from './exchange/startPage';
import { i18n } from './i18n';
import { startLanguage } from './i18n/startLanguage';
import { registerOffline } from './offline/registerOffline';
import { UpdateBanner } from './offline/UpdateBanner';
import { StoresProvider } from './state/stores';
import './styles.css';
// The stylesheets of the views that load on demand come with the page (they are small): a
// view never shows unstyled for a moment, and none depends on which chunk came first (the
// presentation shows the lesson's question, styled by lessons.css).
import './lessons/lessons.css';
import './present/present.css';
import './course/course.css';
import './measured/measured.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

registerOffline();
// English is bundled; another language is loaded first, so the first render is already in it.
await startLanguage(window);
const { stores, autosave } = startPage(window, i18n.t);

createRoot(container).render(
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
);
