/**
 * Mutation operators for the fuzz tests: what a chat app, a copy-paste or a bad disk does to a
 * share link or a scenario file (cut off, a character changed, a stretch lost or doubled,
 * junk inserted), as fast-check arbitraries so every failure shrinks and replays by seed.
 */
import fc from 'fast-check';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A character a link could plausibly hold instead: base64url mostly, sometimes anything. */
const linkChar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BASE64URL.split('')) },
  { weight: 1, arbitrary: fc.constantFrom('=', '+', '/', '%', '#', '&', '.', ' ', '\n', '\u0000', 'é', '\u202e') },
);

export type Mutation =
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'replace'; readonly at: number; readonly char: string }
  | { readonly kind: 'insert'; readonly at: number; readonly text: string }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number }
  | { readonly kind: 'duplicate'; readonly at: number; readonly length: number }
  | { readonly kind: 'swap'; readonly at: number; readonly other: number };

/** Positions are fractions of the length, so one mutation fits any input. */
const position = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  position.map((at) => ({ kind: 'truncate' as const, at })),
  fc.record({ kind: fc.constant('replace' as const), at: position, char: linkChar }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: position,
    text: fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.array(linkChar, { maxLength: 12 }).map((c) => c.join('')),
    ),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: position, length: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('swap' as const), at: position, other: position }),
);

/** Applies one mutation to a string. Pure. */
export function mutate(text: string, mutation: Mutation): string {
  const at = Math.floor(mutation.at * text.length);
  switch (mutation.kind) {
    case 'truncate':
      return text.slice(0, at);
    case 'replace':
      return text.slice(0, at) + mutation.char + text.slice(at + 1);
    case 'insert':
      return text.slice(0, at) + mutation.text + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + mutation.length);
    case 'duplicate':
      return text.slice(0, at + mutation.length) + text.slice(at);
    case 'swap': {
      const other = Math.floor(mutation.other * text.length);
      const chars = text.split('');
      const a = chars[at];
      const b = chars[other];
      if (a === undefined || b === undefined) return text;
      chars[at] = b;
      chars[other] = a;
      return chars.join('');
    }
  }
}

/** Applies mutations in turn. Pure. */
export const mutateAll = (text: string, mutations: readonly Mutation[]): string => mutations.reduce(mutate, text);

/** Byte mutations for binary files (PNG hand-ins): a flipped bit, a cut, a run of junk. */
export const byteMutationArb = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: position, bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('cut' as const), at: position }),
  fc.record({ kind: fc.constant('junk' as const), at: position, bytes: fc.uint8Array({ maxLength: 16 }) }),
);

export function mutateBytes(bytes: Uint8Array, mutation: ByteMutation): Uint8Array {
  const at = Math.floor(mutation.at * bytes.length);
  if (mutation.kind === 'cut') return bytes.slice(0, at);
  if (mutation.kind === 'flip') {
    const copy = bytes.slice();
    copy[at] = (copy[at] ?? 0) ^ (1 << mutation.bit);
    return copy;
  }
  const out = new Uint8Array(bytes.length + mutation.bytes.length);
  out.set(bytes.subarray(0, at), 0);
  out.set(mutation.bytes, at);
  out.set(bytes.subarray(at), at + mutation.bytes.length);
  return out;
}

export type ByteMutation =
  | { readonly kind: 'flip'; readonly at: number; readonly bit: number }
  | { readonly kind: 'cut'; readonly at: number }
  | { readonly kind: 'junk'; readonly at: number; readonly bytes: Uint8Array };
