/**
 * The languages the app speaks and how a visit chooses one. Pure: the address, the saved
 * choice and the browser's languages come in as arguments.
 *
 * Order of precedence: `?lang=ar` in the address (a teacher's link), then the choice the
 * person made before (remembered in preferences), then the first of the browser's languages
 * the app speaks, then English. A share link (`#s=...`) carries no language, so it never
 * forces one on the person who opens it.
 */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language English falls back to and the one loaded with the page. */
export const FIRST_LANGUAGE: Language = 'en';

/** Each language's own name, as its readers write it (the switcher shows the other one). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', ar: 'العربية' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `ar-EG`, `AR`, `ar_SA` -> `ar`; anything the app does not speak -> null. */
export function languageOf(tag: string | null | undefined): Language | null {
  if (typeof tag !== 'string') return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export interface LanguageSources {
  /** The address's query string (`location.search`). */
  readonly search: string;
  /** The language the person chose on an earlier visit, if any. */
  readonly saved: Language | null;
  /** `navigator.languages`, most preferred first. */
  readonly browser: readonly string[];
}

/** Which language this visit opens in, and whether the address asked for it. */
export function chooseLanguage(sources: LanguageSources): { language: Language; fromAddress: boolean } {
  const asked = languageOf(new URLSearchParams(sources.search).get('lang'));
  if (asked !== null) return { language: asked, fromAddress: true };
  if (sources.saved !== null) return { language: sources.saved, fromAddress: false };
  for (const tag of sources.browser) {
    const spoken = languageOf(tag);
    if (spoken !== null) return { language: spoken, fromAddress: false };
  }
  return { language: FIRST_LANGUAGE, fromAddress: false };
}

/** The address without its `lang` parameter (kept otherwise as it was), or null if it had none. */
export function addressWithoutLanguage(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has('lang')) return null;
  url.searchParams.delete('lang');
  return url.toString();
}
