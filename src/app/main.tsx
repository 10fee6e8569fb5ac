/**
 * Browser entry: creates the stores (the document from a share link in the address, else the
 * flagship), and mounts the app into index.html's #root.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { i18n } from './i18n';
import { createDocumentStore } from './state/documentStore';
import { initialDocument } from './state/initialDocument';
import { StoresProvider } from './state/stores';
import { createUiStore } from './state/uiStore';
import './styles.css';

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const opened = initialDocument(window.location.hash);
const stores = { documents: createDocumentStore(opened.document, opened.source), ui: createUiStore() };
if (opened.linkError !== null) {
  stores.ui.getState().set({
    notice: { kind: 'error', text: i18n.t('notice.linkBrokenAtStart', { reason: sentenceCase(opened.linkError) }) },
  });
}

document.title = i18n.t('app.documentTitle');
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <StoresProvider stores={stores}>
        <App />
      </StoresProvider>
    </I18nextProvider>
  </StrictMode>,
);
