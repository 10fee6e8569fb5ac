/**
 * Lists in the reader's language: "A, B and C" in English, "A، B وC" in Arabic. Joined by
 * the translation's own separator and last link, never by a comma written in code, and not by
 * the browser's list format, whose English puts a comma before "and" where the page does not.
 */
import type { TFunction } from 'i18next';

/** "A, B" (the translation's separator between every two items). */
export function joinedList(t: TFunction, items: readonly string[]): string {
  return items.join(t('list.separator'));
}

/** "A, B and C". */
export function wordList(t: TFunction, items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return t('list.lastTwo', { first: joinedList(t, items.slice(0, -1)), last: items.at(-1) });
}
