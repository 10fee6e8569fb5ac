/**
 * base64url (RFC 4648 §5) without padding, written out here because share links must decode
 * the same in the browser and in Node, and must refuse anything that is not strictly base64url.
 */
import { detail } from './errorDetail';
import { type Parsed, parsedValue, parseFailure } from './parsed';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE_OF = new Map([...ALPHABET].map((char, value) => [char, value]));

/** Encodes bytes as unpadded base64url. Pure. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c += 1) text += ALPHABET[(chunk >> (18 - 6 * c)) & 63];
  }
  return text;
}

/** Decodes unpadded base64url (trailing "=" tolerated); refuses any other character. Pure. */
export function decodeBase64Url(text: string): Parsed<Uint8Array> {
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) return parseFailure('its length is not possible for base64url', detail('base64Length'));
  const bytes = new Uint8Array(Math.floor((body.length * 6) / 8));
  let bits = 0;
  let bitCount = 0;
  let out = 0;
  for (let i = 0; i < body.length; i += 1) {
    const value = VALUE_OF.get(body[i] as string);
    if (value === undefined) {
      const character = JSON.stringify(body[i]);
      const problem = detail('base64Character', { position: i + 1, character });
      return parseFailure(`character ${i + 1} (${character}) is not base64url`, problem);
    }
    bits = ((bits << 6) | value) & 0xffffff;
    bitCount += 6;
    if (bitCount >= 8) {
      bitCount -= 8;
      bytes[out] = (bits >> bitCount) & 0xff;
      out += 1;
    }
  }
  return parsedValue(bytes);
}
