/**
 * Test fixture: a real, tiny PNG (a 2x2 grey image) built the way any encoder would, so that
 * hand-in tests need no binary files in the repository. Chromium decodes it.
 */
import { zlibSync } from 'fflate';
import { encodePngChunk, PNG_SIGNATURE } from './pngChunks';

/** A valid 2x2 8-bit greyscale PNG: signature, IHDR, one IDAT, IEND. */
export function tinyPng(): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, 2); // width
  view.setUint32(4, 2); // height
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: greyscale
  // compression, filter and interlace methods stay 0
  // Each scanline starts with its filter byte (0: none), then one byte per pixel.
  const pixels = zlibSync(Uint8Array.of(0, 0x40, 0xc0, 0, 0xc0, 0x40));
  return concatBytes([
    Uint8Array.from(PNG_SIGNATURE),
    encodePngChunk('IHDR', header),
    encodePngChunk('IDAT', pixels),
    encodePngChunk('IEND', new Uint8Array(0)),
  ]);
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
