import { digitsState } from '../i18n/digits';

/**
 * A wall-clock time of day ("14:03:27") for "saved at": in the person's own locale in English,
 * in Arabic with the digits they chose (Western unless they asked for Arabic-Indic). App layer.
 */
export function clockTime(atMs: number): string {
  const { language, style } = digitsState;
  const locale = language === 'ar' ? `ar-u-nu-${style === 'arabicIndic' ? 'arab' : 'latn'}` : undefined;
  return new Date(atMs).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
