import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shareFragment } from '../../model/shareLink';
import { findPreset } from '../../presets/catalogue';
import { useModalDialog } from '../components/useModalDialog';
import { addEnglishText } from '../i18n';
import enEmbed from '../i18n/en.embed.json';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/languages';
import { presetTitle } from '../i18n/presetText';
import { useDocument } from '../state/documentStore';
import { useStores } from '../state/stores';
import { type EmbedChoice, embedSrc, nightPart } from './embedDialogOptions';
import {
  EMBED_CONTROLS,
  EMBED_HEIGHT_DEFAULT_PX,
  EMBED_HEIGHT_MAX_PX,
  EMBED_HEIGHT_MIN_PX,
  EMBED_THEMES,
} from './embedOptions';
import { embedSnippet } from './embedSnippet';
import './embedDialog.css';

// The dialog loads on demand (the Export menu's "Embed in a page…"): its English comes with it.
addEnglishText(enEmbed);

const THEME_WORDS = {
  auto: 'embed.dialog.themeAuto',
  light: 'embed.dialog.themeLight',
  dark: 'embed.dialog.themeDark',
} as const;
const CONTROL_WORDS = {
  fencing: 'embed.dialog.controlFencing',
  play: 'embed.dialog.controlPlay',
  steps: 'embed.dialog.controlSteps',
} as const;

const INITIAL_CHOICE: EmbedChoice = {
  language: null,
  theme: 'auto',
  controls: EMBED_CONTROLS,
  interactive: false,
  heightPx: EMBED_HEIGHT_DEFAULT_PX,
};

/**
 * "Embed in a page": the HTML of an <iframe> showing the night on screen, with the options a
 * lesson page wants (language, colours, controls, dragging, height), a Copy button, and the
 * embed itself as the preview. A native modal dialog: keyboard operable, focus kept inside,
 * Escape closes it and focus goes back to the menu's button.
 */
export function EmbedDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const { documents } = useStores();
  const document = useDocument(documents, (state) => state.document);
  const source = useDocument(documents, (state) => state.source);
  const { dialogRef, onDialogClose, onKeyDown, close } = useModalDialog(open, onClose);
  const [choice, setChoice] = useState<EmbedChoice>(INITIAL_CHOICE);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const ids = { heading: useId(), snippet: useId(), language: useId(), theme: useId(), height: useId() };
  const night = useMemo(() => nightPart(document, source, () => shareFragment(document)), [document, source]);
  // The default height is the snippet's alone: the embed fits whatever frame it is given.
  const src = embedSrc(window.location.href, night, {
    ...choice,
    heightPx: choice.heightPx === EMBED_HEIGHT_DEFAULT_PX ? null : choice.heightPx,
  });
  const preset = findPreset(source);
  const title = t('embed.frameTitle', {
    title: preset && preset.document === document ? presetTitle(t, preset) : (document.title ?? t('toolbar.fromLink')),
  });
  const heightPx = choice.heightPx ?? EMBED_HEIGHT_DEFAULT_PX;
  const snippet = embedSnippet(src, title, heightPx);
  const choose = (patch: Partial<EmbedChoice>) => {
    setChoice((previous) => ({ ...previous, ...patch }));
    setCopied('idle');
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="panels-dialog embed-dialog"
      aria-labelledby={ids.heading}
      onClose={onDialogClose}
      onKeyDown={onKeyDown}
    >
      <h2 id={ids.heading}>{t('embed.dialog.heading')}</h2>
      <p className="embed-dialog-intro">{t('embed.dialog.intro')}</p>
      <div className="embed-dialog-body">
        <div className="embed-dialog-form">
          <fieldset className="embed-dialog-options">
            <legend>{t('embed.dialog.options')}</legend>
            <label htmlFor={ids.language}>{t('embed.dialog.language')}</label>
            <select
              id={ids.language}
              value={choice.language ?? ''}
              onChange={(event) => choose({ language: (event.currentTarget.value || null) as Language | null })}
            >
              <option value="">{t('embed.dialog.languageVisitor')}</option>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
            <label htmlFor={ids.theme}>{t('embed.dialog.theme')}</label>
            <select
              id={ids.theme}
              value={choice.theme}
              onChange={(event) => choose({ theme: event.currentTarget.value as EmbedChoice['theme'] })}
            >
              {EMBED_THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {t(THEME_WORDS[theme])}
                </option>
              ))}
            </select>
            <label htmlFor={ids.height}>{t('embed.dialog.height')}</label>
            <input
              id={ids.height}
              type="number"
              min={EMBED_HEIGHT_MIN_PX}
              max={EMBED_HEIGHT_MAX_PX}
              step={20}
              value={heightPx}
              onChange={(event) => {
                const px = Number(event.currentTarget.value);
                if (Number.isInteger(px) && px >= EMBED_HEIGHT_MIN_PX && px <= EMBED_HEIGHT_MAX_PX)
                  choose({ heightPx: px });
              }}
            />
            <fieldset className="embed-dialog-controls">
              <legend>{t('embed.dialog.controls')}</legend>
              {EMBED_CONTROLS.map((control) => (
                <label key={control} className="panels-check">
                  <input
                    type="checkbox"
                    checked={choice.controls.includes(control)}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      choose({
                        controls: EMBED_CONTROLS.filter((name) =>
                          name === control ? on : choice.controls.includes(name),
                        ),
                      });
                    }}
                  />{' '}
                  {t(CONTROL_WORDS[control])}
                </label>
              ))}
            </fieldset>
            <label className="panels-check">
              <input
                type="checkbox"
                checked={choice.interactive}
                onChange={(event) => choose({ interactive: event.currentTarget.checked })}
              />{' '}
              {t('embed.dialog.interactive')}
            </label>
          </fieldset>
          <label htmlFor={ids.snippet} className="embed-dialog-label">
            {t('embed.dialog.snippet')}
          </label>
          <textarea
            id={ids.snippet}
            className="embed-dialog-snippet"
            readOnly
            rows={5}
            dir="ltr"
            value={snippet}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="embed-dialog-actions">
            <button type="button" className="panels-button" onClick={() => void copy()}>
              {t('embed.dialog.copy')}
            </button>
            <p role="status" className="embed-dialog-status">
              {copied === 'copied' ? t('embed.dialog.copied') : copied === 'failed' ? t('embed.dialog.notCopied') : ''}
            </p>
            <button type="button" className="panels-button" onClick={close}>
              {t('embed.dialog.close')}
            </button>
          </div>
        </div>
        <section className="embed-dialog-preview" aria-label={t('embed.dialog.preview')}>
          <h3>{t('embed.dialog.preview')}</h3>
          {open ? (
            <iframe key={src} src={src} title={t('embed.dialog.previewTitle')} style={{ height: `${heightPx}px` }} />
          ) : null}
        </section>
      </div>
    </dialog>
  );
}
