/**
 * Text that already ends a sentence: a full stop, "!" or "?" (Arabic's "؟" too), perhaps
 * inside a bidi isolate that closes after it.
 */
const ENDS_A_SENTENCE = /[.!?\u061f][\u2066-\u2069]*$/;

/** The model's reasons are lower-case clauses; a notice shows them as a sentence: a capital and a full stop. Pure. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return ENDS_A_SENTENCE.test(capital) ? capital : `${capital}.`;
}

/** A clause that ends a sentence after a colon ("Nothing changed: the link ..."): a full stop only. Pure. */
export function withFullStop(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || ENDS_A_SENTENCE.test(trimmed) ? trimmed : `${trimmed}.`;
}
