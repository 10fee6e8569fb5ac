/**
 * A short digest of a long key (a night's future, `sim/checkpoints/futureKey.ts`, is kilobytes
 * of JSON): `leaseline verify` keeps one per merged state, hundreds of thousands of them, so it
 * keeps 106 bits instead of the text. Two 53-bit hashes of the same text with independent
 * seeds (cyrb53, public domain); the chance that two of a million different states share a
 * digest is below 10^-19. Pure, no platform API (it runs in the browser's worker too).
 */
export function stateDigest(text: string): string {
  // Both hashes in one pass over the text: it is read once, not twice.
  let a1 = 0xdeadbeef ^ SEED_A;
  let a2 = 0x41c6ce57 ^ SEED_A;
  let b1 = 0xdeadbeef ^ SEED_B;
  let b2 = 0x41c6ce57 ^ SEED_B;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a1 = Math.imul(a1 ^ code, 2654435761);
    a2 = Math.imul(a2 ^ code, 1597334677);
    b1 = Math.imul(b1 ^ code, 2654435761);
    b2 = Math.imul(b2 ^ code, 1597334677);
  }
  return `${finalMix(a1, a2).toString(36)}.${finalMix(b1, b2).toString(36)}`;
}

const SEED_A = 0x9e3779b9;
const SEED_B = 0x85ebca6b;

/** cyrb53's last step: the two 32-bit lanes into one 53-bit number. */
function finalMix(first: number, second: number): number {
  let h1 = first;
  let h2 = second;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
