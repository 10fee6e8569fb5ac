/** The model's reasons are lower-case clauses; a notice shows them as a sentence: a capital and a full stop. Pure. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** A clause that ends a sentence after a colon ("Nothing changed: the link ..."): a full stop only. Pure. */
export function withFullStop(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
