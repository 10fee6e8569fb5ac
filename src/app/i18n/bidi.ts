/**
 * Bidirectional isolation for values put into right-to-left sentences: a time, a replica id,
 * an SQL statement or a token keeps its own direction and cannot reorder the words around it
 * (Unicode's First Strong Isolate: a Latin value runs left to right, an Arabic one right to
 * left). Pure.
 */
const FIRST_STRONG_ISOLATE = '\u2068';
const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * `value` as an isolate whose direction is that of its first strong character; a value with
 * no letter at all (a time, `1, 2, 3`) is a left-to-right isolate outright, since Chromium
 * sets a first-strong isolate without a strong character in the paragraph's direction.
 */
export function isolate(value: string): string {
  if (value === '') return value;
  const opener = /\p{L}/u.test(value) ? FIRST_STRONG_ISOLATE : LEFT_TO_RIGHT_ISOLATE;
  return `${opener}${value}${POP_DIRECTIONAL_ISOLATE}`;
}

const RIGHT_TO_LEFT_ISOLATE = '\u2067';

/**
 * A whole text as one isolate for a left-to-right container (the chart's SVG): right to left
 * when it has an Arabic letter (a sentence, even one starting with `Redis` or a replica id),
 * left to right otherwise (`#1003 A·7`, a time).
 */
export function isolateSentence(text: string): string {
  if (text === '') return text;
  const opener = /[\u0600-\u06ff]/.test(text) ? RIGHT_TO_LEFT_ISOLATE : LEFT_TO_RIGHT_ISOLATE;
  return `${opener}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

/** `value` without isolate marks (for comparisons and file names). */
export function withoutIsolates(value: string): string {
  return value.replace(/[\u2066-\u2069]/g, '');
}
