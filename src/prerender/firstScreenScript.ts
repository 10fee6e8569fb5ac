/**
 * The tiny script index.html runs in its <head>, before the body is parsed or painted: it
 * says which first screen may show (`<html data-first-screen="night">` or `"skeleton"`) and,
 * for the night, in which language (`data-first-screen-language`), and styles.css shows that
 * one. It chooses the language as the app's start does (app/i18n/languages.ts'
 * chooseLanguage: `?lang=`, then the remembered choice, then the browser's languages, then
 * English), and in Arabic sets what the app's switchLanguage sets (`<html lang="ar"
 * dir="rtl">`, the document's title) and loads what its Arabic chunk brings to the page: the
 * stylesheet of Noto Sans Arabic (render-blocking, 0.5 kB) and its two fonts, preloaded, so the
 * first screen is laid out in the font the app's page is, and nothing flips or moves when the
 * app takes over. The
 * prerendered night is the flagship in English and in Arabic (Western digits); the page opens
 * it only when the address has no fragment (a link, even the flagship's own, opens as
 * "Scenario from a link"; an exercise or a lesson opens their own night), nothing is autosaved
 * or set aside (app/exchange/openingDocument.ts), and, in Arabic, digits are not chosen as
 * Arabic-Indic. Anything else, or anything it cannot read, gets the neutral skeleton: never
 * the wrong night. It is a file of the build (a classic script, `script-src 'self'`: the CSP
 * stays as it is), written from `firstScreenScript()`'s text. Pure.
 */
export interface FirstScreenKeys {
  /** localStorage's slots of saved work: the autosave, and work set aside (shown as a notice). */
  readonly workKeys: readonly string[];
  /** localStorage's preferences (the remembered language, the digits). */
  readonly preferencesKey: string;
  /** The document's title in Arabic, as the app sets it (`app.documentTitle`). */
  readonly arabicTitle: string;
  /** The built addresses of the Arabic chunk's font: its stylesheet, and the font files it names. */
  readonly arabicFont: { readonly stylesheet: string; readonly files: readonly string[] };
}

/** The script's text: plain ES5 that never throws (a failure leaves the skeleton chosen). */
export function firstScreenScript(keys: FirstScreenKeys): string {
  return `(function () {
  var root = document.documentElement;
  root.setAttribute('data-first-screen', 'skeleton');
  try {
    var spoken = function (tag) {
      var primary = typeof tag === 'string' ? tag.trim().toLowerCase().split(/[-_]/)[0] : '';
      return primary === 'en' || primary === 'ar' ? primary : null;
    };
    var language = spoken(new URLSearchParams(location.search).get('lang'));
    var store = window.localStorage;
    var saved = JSON.parse(store.getItem(${JSON.stringify(keys.preferencesKey)}) || '{}') || {};
    if (language === null && (saved.language === 'en' || saved.language === 'ar')) language = saved.language;
    var browser = navigator.languages || [navigator.language];
    for (var i = 0; language === null && i < browser.length; i++) language = spoken(browser[i]);
    if (language === 'ar') {
      root.setAttribute('lang', 'ar');
      root.setAttribute('dir', 'rtl');
      document.title = ${asciiString(keys.arabicTitle)};
      var head = document.head;
      var sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.href = ${JSON.stringify(keys.arabicFont.stylesheet)};
      sheet.setAttribute('blocking', 'render');
      head.appendChild(sheet);
      var files = ${JSON.stringify(keys.arabicFont.files)};
      for (var f = 0; f < files.length; f++) {
        var font = document.createElement('link');
        font.rel = 'preload';
        font.as = 'font';
        font.type = 'font/woff2';
        font.crossOrigin = 'anonymous';
        font.href = files[f];
        head.appendChild(font);
      }
    } else language = 'en';
    var hash = location.hash;
    if (hash !== '' && hash !== '#') return;
    var work = ${JSON.stringify(keys.workKeys)};
    for (var k = 0; k < work.length; k++) if (store.getItem(work[k]) !== null) return;
    if (language === 'ar' && saved.digits === 'arabicIndic') return;
    root.setAttribute('data-first-screen-language', language);
    root.setAttribute('data-first-screen', 'night');
  } catch (error) {
    // Storage withheld, a damaged preference: the skeleton stays.
  }
})();
`;
}

/** A string literal in ASCII alone: the script file is read right whatever encoding it is served with. */
function asciiString(text: string): string {
  return JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
