/**
 * The language a visit opens in (languages.ts decides, from the address, the remembered
 * choice and the browser's languages), loaded before the first render so a first visit in
 * Arabic never flashes English. A `?lang=` in the address is remembered as the person's
 * choice and then taken out of the address, so the links they copy from it carry none.
 */
import { preferences } from '../state/preferences';
import { switchLanguage } from './index';
import { addressWithoutLanguage, chooseLanguage, FIRST_LANGUAGE } from './languages';

export async function startLanguage(view: Window): Promise<void> {
  const saved = preferences.getState();
  const { language, fromAddress } = chooseLanguage({
    search: view.location.search,
    saved: saved.language,
    browser: view.navigator.languages ?? [view.navigator.language],
  });
  if (fromAddress) {
    preferences.getState().set({ language });
    const clean = addressWithoutLanguage(view.location.href);
    if (clean !== null) view.history.replaceState(view.history.state, '', clean);
  }
  try {
    await switchLanguage(language, saved.digits, view.document);
  } catch {
    // The language's chunk could not load (offline before it was cached): English, as bundled.
    await switchLanguage(FIRST_LANGUAGE, saved.digits, view.document);
  }
}

/** The person chose `language` in the switcher: remembered, then shown. */
export async function chooseInterfaceLanguage(language: 'en' | 'ar'): Promise<void> {
  preferences.getState().set({ language });
  await switchLanguage(language, preferences.getState().digits);
}
