/**
 * The tiny script index.html runs in its <head>, before the body is parsed or painted: it
 * says which first screen may show (`<html data-first-screen="night">` or `"skeleton"`), and
 * styles.css shows that one. The prerendered night is the flagship in English; the page opens
 * it only when the address has no fragment (a link, even the flagship's own, opens as "Scenario
 * from a link"; an exercise or a lesson opens their own night), nothing is autosaved or set aside, and the
 * language is English (app/exchange/openingDocument.ts, app/i18n/languages.ts' chooseLanguage). Anything
 * else, or anything it cannot read, gets the neutral skeleton: never the wrong night. It is a
 * file of the build (a classic script, `script-src 'self'`: the CSP stays as it is), written
 * from `firstScreenScript()`'s text. Pure.
 */
export interface FirstScreenKeys {
  /** localStorage's slots of saved work: the autosave, and work set aside (shown as a notice). */
  readonly workKeys: readonly string[];
  /** localStorage's preferences (the remembered language). */
  readonly preferencesKey: string;
}

/** The script's text: plain ES5 that never throws (a failure leaves the skeleton chosen). */
export function firstScreenScript(keys: FirstScreenKeys): string {
  return `(function () {
  var root = document.documentElement;
  root.setAttribute('data-first-screen', 'skeleton');
  try {
    var hash = location.hash;
    if (hash !== '' && hash !== '#') return;
    var store = window.localStorage;
    var work = ${JSON.stringify(keys.workKeys)};
    for (var k = 0; k < work.length; k++) if (store.getItem(work[k]) !== null) return;
    var spoken = function (tag) {
      var primary = typeof tag === 'string' ? tag.trim().toLowerCase().split(/[-_]/)[0] : '';
      return primary === 'en' || primary === 'ar' ? primary : null;
    };
    var language = spoken(new URLSearchParams(location.search).get('lang'));
    if (language === null) {
      var saved = JSON.parse(store.getItem(${JSON.stringify(keys.preferencesKey)}) || '{}');
      if (saved !== null && (saved.language === 'en' || saved.language === 'ar')) language = saved.language;
    }
    var browser = navigator.languages || [navigator.language];
    for (var i = 0; language === null && i < browser.length; i++) language = spoken(browser[i]);
    if (language === null || language === 'en') root.setAttribute('data-first-screen', 'night');
  } catch (error) {
    // Storage withheld, a damaged preference: the skeleton stays.
  }
})();
`;
}
