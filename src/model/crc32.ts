/**
 * CRC-32 (ISO-HDLC, the polynomial of PNG, zlib and gzip), for PNG chunk checksums. Written
 * out because the model layer may import only zod and fflate, fflate keeps its CRC private,
 * and the npm packages for it are either unmaintained or pull in far more than 20 lines.
 */

const POLYNOMIAL_REVERSED = 0xedb88320;

/** The byte-at-a-time table: entry n is the CRC of the single byte n. */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? POLYNOMIAL_REVERSED ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of `bytes[start, end)`, as an unsigned 32-bit number. Pure. */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i += 1) c = (TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
