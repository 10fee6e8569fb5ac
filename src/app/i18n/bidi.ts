/**
 * Bidirectional isolation for values put into right-to-left sentences: a time, a replica id,
 * an SQL statement or a token keeps its own direction and cannot reorder the words around it
 * (Unicode's First Strong Isolate: a Latin value runs left to right, an Arabic one right to
 * left). Pure.
 */
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** `value` as an isolate whose direction is that of its first strong character. */
export function isolate(value: string): string {
  return value === '' ? value : `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}`;
}

/** `value` without isolate marks (for comparisons and file names). */
export function withoutIsolates(value: string): string {
  return value.replace(/[\u2066-\u2069]/g, '');
}
