/**
 * The chunk layer of PNG (ISO/IEC 15948, §5): an 8-byte signature, then chunks of
 * `length (4, big-endian) | type (4 ASCII letters) | data | CRC-32 of type and data`, ending
 * with IEND. Only what hand-ins need: find chunks, check one's CRC, write one. Pixels are
 * never decoded, so a hostile image cannot make us inflate its picture data.
 */
import { crc32 } from './crc32';
import { detail } from './errorDetail';
import { type Parsed, parsedValue, parseFailure } from './parsed';

export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG's own bound on a chunk length (2^31 - 1). */
const CHUNK_LENGTH_MAX = 0x7fffffff;
/** A real image has tens of chunks (a few thousand IDATs at most); this only bounds the walk. */
export const PNG_CHUNKS_MAX = 100_000;
const CHUNK_OVERHEAD_BYTES = 12;

/** Where one chunk lies in the file; `data` is `[dataStart, dataEnd)`. */
export interface PngChunk {
  readonly type: string;
  readonly chunkStart: number;
  readonly dataStart: number;
  readonly dataEnd: number;
  /** One past the CRC: where the next chunk starts. */
  readonly chunkEnd: number;
}

/** True when `bytes` starts with the PNG signature. Pure. */
export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/**
 * The chunks from the signature up to and including IEND, each checked to lie inside the
 * file; anything after IEND is ignored, as decoders do. Never reads past `bytes` and stops
 * after PNG_CHUNKS_MAX chunks. Pure; never throws. The messages complete "the PNG ...".
 */
export function walkPngChunks(bytes: Uint8Array): Parsed<readonly PngChunk[]> {
  if (!hasPngSignature(bytes)) return parseFailure('does not start with the PNG signature', detail('pngNoSignature'));
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (chunks.length < PNG_CHUNKS_MAX) {
    if (offset + CHUNK_OVERHEAD_BYTES > bytes.length) {
      const message = `is cut short: it ends at byte ${bytes.length} before its closing IEND chunk`;
      return parseFailure(message, detail('pngCutBeforeEnd', { bytes: bytes.length }));
    }
    const length = readUint32(bytes, offset);
    const type = chunkType(bytes, offset + 4);
    if (type === null) {
      return parseFailure(
        `is damaged: the chunk at byte ${offset} has no valid type`,
        detail('pngBadChunkType', { offset }),
      );
    }
    if (length > CHUNK_LENGTH_MAX) {
      const message = `is damaged: the ${type} chunk claims ${length} bytes`;
      return parseFailure(message, detail('pngChunkTooLong', { type, length }));
    }
    const chunkEnd = offset + CHUNK_OVERHEAD_BYTES + length;
    if (chunkEnd > bytes.length) {
      const message = `is cut short: its ${type} chunk at byte ${offset} needs ${length} bytes of data`;
      return parseFailure(message, detail('pngChunkCut', { type, offset, length }));
    }
    if (chunks.length === 0 && type !== 'IHDR') {
      return parseFailure('is damaged: it does not begin with IHDR', detail('pngNoHeader'));
    }
    chunks.push({ type, chunkStart: offset, dataStart: offset + 8, dataEnd: offset + 8 + length, chunkEnd });
    if (type === 'IEND') return parsedValue(chunks);
    offset = chunkEnd;
  }
  const message = `has more than ${PNG_CHUNKS_MAX} chunks; no image Leaseline exports has`;
  return parseFailure(message, detail('pngTooManyChunks', { max: PNG_CHUNKS_MAX }));
}

/** Whether the stored CRC of `chunk` matches its type and data. Pure. */
export function chunkCrcMatches(bytes: Uint8Array, chunk: PngChunk): boolean {
  return crc32(bytes, chunk.chunkStart + 4, chunk.dataEnd) === readUint32(bytes, chunk.dataEnd);
}

/** One encoded chunk: length, type, data, CRC. Pure. */
export function encodePngChunk(type: string, data: Uint8Array): Uint8Array {
  if (!/^[A-Za-z]{4}$/.test(type)) throw new Error(`not a PNG chunk type: ${JSON.stringify(type)}`);
  const out = new Uint8Array(CHUNK_OVERHEAD_BYTES + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return (
    (((bytes[offset] as number) << 24) |
      ((bytes[offset + 1] as number) << 16) |
      ((bytes[offset + 2] as number) << 8) |
      (bytes[offset + 3] as number)) >>>
    0
  );
}

/** The four-letter chunk type at `offset`, or null when it is not four ASCII letters. */
function chunkType(bytes: Uint8Array, offset: number): string | null {
  let type = '';
  for (let i = 0; i < 4; i += 1) {
    const code = bytes[offset + i] as number;
    const letter = (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
    if (!letter) return null;
    type += String.fromCharCode(code);
  }
  return type;
}
