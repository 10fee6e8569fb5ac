/**
 * Text from students (file names, and messages that quote what they wrote) made safe for a
 * terminal: control characters and bidirectional controls are shown as `\u{...}` escapes, so
 * a file name cannot move the cursor, colour the terminal or reorder the line around it
 * ("Trojan source"). Letters of every script pass through unchanged.
 */

/** Controls (C0, DEL, C1: `\p{Cc}`), line and paragraph separators, bidi marks, embeddings, overrides, isolates. */
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** `text` with unsafe characters escaped. Pure. */
export function plainText(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
}
