import { digitsState } from '../i18n/digits';

/**
 * One formatter per locale: making one loads the locale's data, which took 34 ms on the main
 * thread when autosave said "saved at" in the middle of a drag. Kept for the page's life
 * (at most the languages and digit styles the person chose).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A wall-clock time of day ("14:03:27") for "saved at": in the person's own locale in English,
 * in Arabic with the digits they chose (Western unless they asked for Arabic-Indic). App layer.
 */
export function clockTime(atMs: number): string {
  const { language, style } = digitsState;
  const locale = language === 'ar' ? `ar-u-nu-${style === 'arabicIndic' ? 'arab' : 'latn'}` : '';
  let format = formatters.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale === '' ? undefined : locale, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(locale, format);
  }
  return format.format(new Date(atMs));
}

/**
 * Makes the formatter for the page's language while the page is idle, so that the first
 * "saved at" (autosave's first save, usually in the middle of the first drag) finds it made.
 */
export function prepareClockTime(view: Window): void {
  const make = () => void clockTime(0);
  if (typeof view.requestIdleCallback === 'function') view.requestIdleCallback(make, { timeout: 2000 });
  else view.setTimeout(make, 500);
}
