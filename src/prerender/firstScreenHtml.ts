/**
 * Writes the prerendered first screen into the built index.html. Pure (text in, text out).
 *
 * The body gets `#first-screen` before `#root`: the flagship's page (`.first-screen-night`,
 * rendered by renderFirstScreen.tsx once per reference window, `--short` and `--tall`, which
 * styles.css shows by the window's height, and per language, `--en` and `--ar`, which it shows
 * by the head script's choice) and a neutral skeleton (`.first-screen-skeleton`: the header
 * bar, a verdict's and a chart's place, no night), and the head the script that picks one
 * before the first paint (firstScreenScript.ts). The head then opens with the stylesheets the
 * first paint waits on, then that script, then the rest (the app's module script, its
 * preloads): the browser asks for the stylesheets before it stops to load and run the script,
 * and before the scripts that can wait (docs/performance.md measures the order). Without
 * script the English night shows (the page cannot read the address's `?lang=` or the
 * remembered choice then); with it, styles.css keeps #root hidden under the first screen
 * until the app has drawn its chart (app/firstScreen/takeOver.ts), then the first screen goes.
 *
 * After it, outside it (the first screen is inert and hidden from assistive technology while
 * it stands), a status says the page is still starting (`#first-screen-status`), in each
 * language the first screen speaks, of which styles.css shows the page's (`<html lang>`). It
 * shows only when the start takes a while or the person tries to use the page meanwhile
 * (takeOver.ts), never without script (it would say "starting" forever), and goes with the
 * first screen.
 */
export interface FirstScreenParts {
  /** The flagship's page for each reference window and language, ids prefixed (staticMarkup.ts). */
  readonly nights: readonly FirstScreenNight[];
  /** The header's brand, as the app writes it. */
  readonly brand: string;
  /** The built address of the head script. */
  readonly scriptPath: string;
  /** What the status says while the app starts, per language (`en`, `ar`), as the app words it. */
  readonly starting: readonly { readonly language: string; readonly direction: 'ltr' | 'rtl'; readonly text: string }[];
}

export interface FirstScreenNight {
  /** The reference window's name: `short` or `tall`. */
  readonly layout: string;
  /** Its language (`en`, `ar`) and that language's direction. */
  readonly language: string;
  readonly direction: 'ltr' | 'rtl';
  readonly html: string;
}

const ROOT = '<div id="root"></div>';

/** The stylesheet links the bundler writes into the head (with the line's indentation before them). */
const STYLESHEET_LINK = /\n?[ \t]*<link rel="stylesheet"[^>]*>/g;

/** The skeleton: the page's frame in its own classes, with no night in it. */
export function skeletonHtml(brand: string): string {
  return (
    `<header class="site-header"><div class="wrap header-row"><p class="brand">${escapeText(brand)}</p></div></header>` +
    '<main class="wrap playground"><div class="first-screen-bone first-screen-bone--verdict"></div>' +
    '<div class="first-screen-bone first-screen-bone--story"></div>' +
    '<div class="first-screen-bone first-screen-bone--chart"></div></main>'
  );
}

/** `html` (the built index.html) with the first screen and its script written in. */
export function withFirstScreen(html: string, parts: FirstScreenParts): string {
  if (!html.includes(ROOT)) throw new Error(`index.html has no ${ROOT} to prerender into`);
  if (!html.includes('</title>')) throw new Error('index.html has no <title> to put the first screen script after');
  const firstScreen =
    '<div id="first-screen" class="first-screen">' +
    parts.nights
      .map(
        ({ layout, language, direction, html: night }) =>
          `<div class="first-screen-night first-screen-night--${layout} first-screen-night--${language}" lang="${language}" dir="${direction}">${night}</div>`,
      )
      .join('') +
    `<div class="first-screen-skeleton" aria-busy="true">${skeletonHtml(parts.brand)}</div>` +
    '</div>' +
    startingStatusHtml(parts.starting);
  const stylesheets = (html.match(STYLESHEET_LINK) ?? []).map((link) => link.trim());
  const head = [...stylesheets, `<script src="${parts.scriptPath}"></script>`].join('\n    ');
  return html
    .replace(STYLESHEET_LINK, '')
    .replace('</title>', () => `</title>\n    ${head}`)
    .replace(ROOT, () => `${firstScreen}\n    ${ROOT}`);
}

/** The status shown while the app starts: one text per language, the page's shown (styles.css). */
function startingStatusHtml(starting: FirstScreenParts['starting']): string {
  return (
    '<div id="first-screen-status" class="notice notice--toast first-screen-status" role="status">' +
    starting
      .map(({ language, direction, text }) => `<p lang="${language}" dir="${direction}">${escapeText(text)}</p>`)
      .join('') +
    '</div>'
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
