/**
 * Text whose key comes from lesson data (captions, questions, titles). Such keys are strings
 * rather than the literal keys i18next's types check, so they go through this one untyped
 * call; the golden test (lessons.golden.test.ts) checks that every one of them exists. Its
 * numbers and times are written in the chosen digits, as interpolated ones are (digits.ts).
 */
import type { TFunction } from 'i18next';
import { localDigitsInText } from '../i18n/digits';

export function lessonText(t: TFunction, key: string): string {
  return localDigitsInText((t as unknown as (key: string) => string)(key));
}
