/**
 * Bidirectional isolation for values put into right-to-left sentences: a time, a replica id,
 * an SQL statement or a token keeps its own direction and cannot reorder the words around it
 * (Unicode's First Strong Isolate: a Latin value runs left to right, an Arabic one right to
 * left). Pure.
 */
const FIRST_STRONG_ISOLATE = '\u2068';
const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const RIGHT_TO_LEFT_ISOLATE = '\u2067';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** `value` as an isolate whose direction is that of its first strong character. */
export function isolate(value: string): string {
  return value === '' ? value : `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}`;
}

/** `value` as a left-to-right isolate (code, SQL, identifiers). */
export function isolateLtr(value: string): string {
  return value === '' ? value : `${LEFT_TO_RIGHT_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}`;
}

/** A right-to-left sentence as one isolate, so a left-to-right container (the chart's SVG) shows it in order. */
export function isolateRtl(value: string): string {
  return value === '' ? value : `${RIGHT_TO_LEFT_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}`;
}

/** `value` without isolate marks (for comparisons and file names). */
export function withoutIsolates(value: string): string {
  return value.replace(/[\u2066-\u2069]/g, '');
}
