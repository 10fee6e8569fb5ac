/**
 * The embed's entry (embed.html): one night for a lesson page's <iframe>. Reads its options
 * from the fragment (embedOptions.ts), opens in the language and colours asked for, and mounts
 * the night with stores of its own. Nothing is read from or written to the playground's saved
 * work: there is no autosave here, and the night comes from the address alone.
 */
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { addEnglishText, i18n, switchLanguage } from '../i18n';
import enEmbed from '../i18n/en.embed.json';
import { FIRST_LANGUAGE, languageOf } from '../i18n/languages';
import { presetTitle } from '../i18n/presetText';
import { createDocumentStore } from '../state/documentStore';
import { preferences } from '../state/preferences';
import { StoresProvider } from '../state/stores';
import { createUiStore } from '../state/uiStore';
import { EmbedPage } from './EmbedPage';
import { EmbedProblem } from './EmbedProblem';
import { embedDocument } from './embedNight';
import { parseEmbedOptions } from './embedOptions';
import { applyEmbedTheme } from './embedTheme';
import '../styles.css';
import '../panels/panels.css';
import './embed.css';
import './embedTheme.css';

addEnglishText(enEmbed);

/** The night's title as the interface writes it: a preset's in the interface's language. */
function nightTitle(night: ScenarioDocument, source: string): string {
  const preset = findPreset(source);
  return preset ? presetTitle(i18n.t, preset) : (night.title ?? i18n.t('toolbar.fromLink'));
}

async function start(root: HTMLElement): Promise<void> {
  const { options, problems } = parseEmbedOptions(window.location.hash);
  applyEmbedTheme(document.documentElement, options.theme);
  const language = options.language ?? languageOf(navigator.language) ?? FIRST_LANGUAGE;
  await switchLanguage(language, preferences.getState().digits).catch(() => undefined);
  const opened = embedDocument(options.night);
  // The frame's own title names the night (a screen reader's list of frames reads it).
  if (opened.ok) document.title = i18n.t('embed.frameTitle', { title: nightTitle(opened.document, opened.source) });
  const stores = opened.ok
    ? { documents: createDocumentStore(opened.document, opened.source), ui: createUiStore() }
    : null;
  createRoot(root).render(
    <I18nextProvider i18n={i18n}>
      {stores === null || !opened.ok ? (
        <EmbedProblem problem={opened.ok ? { kind: 'noNight' } : opened.problem} />
      ) : (
        <StoresProvider stores={stores}>
          <EmbedPage options={options} problems={problems} />
        </StoresProvider>
      )}
    </I18nextProvider>,
  );
}

const container = document.getElementById('embed-root');
if (container === null) throw new Error('embed.html has no #embed-root element');
void start(container);
