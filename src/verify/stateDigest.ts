/**
 * A short digest of a long key (a night's future, `sim/checkpoints/futureKey.ts`, is kilobytes
 * of JSON): `leaseline verify` keeps one per merged state, hundreds of thousands of them, so it
 * keeps 106 bits instead of the text. Two 53-bit hashes of the same text with independent
 * seeds (cyrb53, public domain); the chance that two of a million different states share a
 * digest is below 10^-19. Pure, no platform API (it runs in the browser's worker too).
 */
export function stateDigest(text: string): string {
  return `${cyrb53(text, 0x9e3779b9).toString(36)}.${cyrb53(text, 0x85ebca6b).toString(36)}`;
}

function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
