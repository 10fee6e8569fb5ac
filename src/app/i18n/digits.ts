/**
 * How digits are written: the one place numbers and times pass through on their way to the
 * screen in a language that may write them otherwise. Western digits (0-9) by default, as the
 * course's own Arabic pages do; Arabic-Indic digits (٠-٩) when the person chooses them in the
 * settings and the interface is in Arabic. Pure but for `digitsState`, which the i18n layer
 * sets when the language or the preference changes.
 */
import type { Language } from './languages';

export type DigitStyle = 'western' | 'arabicIndic';

const ARABIC_INDIC_ZERO = 0x0660;

/** `02:05:10.5` -> `٠٢:٠٥:١٠.٥`. Pure. Only the ten digits change; separators stay. */
export function toArabicIndicDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(ARABIC_INDIC_ZERO + Number(digit)));
}

/** Pure: the digits `text` is shown with in `language` under the person's `style`. */
export function digitsFor(text: string, language: Language, style: DigitStyle): string {
  return language === 'ar' && style === 'arabicIndic' ? toArabicIndicDigits(text) : text;
}

/** The language and digit style in force, kept in step by the i18n layer (index.ts). */
export const digitsState: { language: Language; style: DigitStyle } = { language: 'en', style: 'western' };

/**
 * A number or time as the interface in force writes it: use for every number or time the app
 * shows outside a translated sentence (tables, tick labels). Inside `t()` the interpolation
 * does this itself.
 */
export function localDigits(text: string): string {
  return digitsFor(text, digitsState.language, digitsState.style);
}

/** True for a value that is only a number or a time (`02:05:10`, `7`, `1.5`, `-30`). */
export function isNumericText(text: string): boolean {
  return /^[\s0-9:.,+\-−–%]*[0-9][\s0-9:.,+\-−–%]*$/.test(text);
}

// A number or a time inside prose: digits with ":", "." or "," between them.
const NUMBER_IN_TEXT = /[0-9]+(?:[:.,][0-9]+)*/g;
const LATIN = /[A-Za-z_]/;

/** The nearest character to the left (`step` -1) or right (1) of `index`, past spaces. */
function neighbourPastSpaces(text: string, index: number, step: -1 | 1): string {
  let at = index;
  while (at >= 0 && at < text.length && text[at] === ' ') at += step;
  return text[at] ?? '';
}

/**
 * The app's own prose (a preset's story, a lesson's caption) with its numbers and times in the
 * chosen digits, as `t()` writes interpolated ones: `02:01:30`, `1003`, `1-10`, `+12.00` are
 * rewritten; digits that belong to an id, a unit or code stay as written, just as such values
 * stay when interpolated (`#1003`, `EX04`, `Q5`, `60s`, `15 s`, `0 rows`, `etcd 3.4.3`,
 * `lockAtMostFor 30`): a number written against a Latin letter or word, or after `#`. A
 * person's own text never comes here. Pure but for `digitsState`.
 */
export function localDigitsInText(text: string): string {
  if (digitsFor('0', digitsState.language, digitsState.style) === '0') return text;
  return text.replace(NUMBER_IN_TEXT, (number, offset: number) => {
    const before = text[offset - 1] ?? '';
    const beforeWord = neighbourPastSpaces(text, offset - 1, -1);
    const afterWord = neighbourPastSpaces(text, offset + number.length, 1);
    const ofAnId = before === '#' || LATIN.test(beforeWord) || LATIN.test(afterWord);
    return ofAnId ? number : toArabicIndicDigits(number);
  });
}
