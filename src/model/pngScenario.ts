/**
 * Hand-in PNGs: the scenario rides inside the exported image as an iTXt chunk with keyword
 * `leaseline-scenario` (UTF-8, uncompressed), so the picture a student hands in can be reopened
 * and graded. Reading treats the file as hostile: signature, chunk bounds, a size cap on the
 * file and on the chunk, and the chunk's CRC are checked; the picture data is never decoded.
 *
 * Written by hand on the chunk walker in `pngChunks.ts` rather than with a library: the PNG
 * chunk packages on npm (png-chunks-extract/-encode, png-chunk-text, meta-png) are unmaintained
 * or tEXt-only (Latin-1, so not every label survives), none caps sizes for hostile input, and
 * the model layer may import only zod and fflate.
 */

import { detail, type ErrorDetail } from './errorDetail';
import { SCENARIO_TEXT_CHARS_MAX } from './loadScenario';
import { chunkCrcMatches, encodePngChunk, type PngChunk, walkPngChunks } from './pngChunks';

export const SCENARIO_PNG_KEYWORD = 'leaseline-scenario';
/** Largest PNG read: an exported timeline is well under 1 MiB; 32 MiB only stops abuse. */
export const HAND_IN_PNG_BYTES_MAX = 32 * 1024 * 1024;
/** The chunk of a scenario at the text cap: up to 4 UTF-8 bytes a character, plus its header. */
const SCENARIO_CHUNK_BYTES_MAX = 4 * SCENARIO_TEXT_CHARS_MAX + 256;
/** PNG keywords are 1-79 Latin-1 bytes, then a zero byte; ours is plain ASCII. */
const KEYWORD_BYTES = new TextEncoder().encode(SCENARIO_PNG_KEYWORD);

export type PngScenario =
  | { readonly ok: true; readonly json: string }
  | { readonly ok: false; readonly reason: string; readonly detail?: ErrorDetail };

/**
 * `png` with `scenarioJson` stored in a `leaseline-scenario` iTXt chunk just before IEND,
 * replacing any scenario chunk it had (so exporting twice never leaves two answers in one
 * file). Pure. Throws only when `png` is not a whole PNG, which is a bug in the caller: the
 * app passes the image it has just drawn.
 */
export function embedScenarioInPng(png: Uint8Array, scenarioJson: string): Uint8Array {
  const walked = walkPngChunks(png);
  if (!walked.ok) throw new Error(`embedScenarioInPng: the PNG ${walked.message}`);
  const kept = walked.value.filter((chunk) => chunk.type !== 'IEND' && !isScenarioChunk(png, chunk));
  const end = walked.value.at(-1) as PngChunk;
  const parts = [
    png.subarray(0, 8),
    ...kept.map((chunk) => png.subarray(chunk.chunkStart, chunk.chunkEnd)),
    encodePngChunk('iTXt', iTxtData(scenarioJson)),
    png.subarray(end.chunkStart, end.chunkEnd),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The scenario text stored in a hand-in PNG, or one sentence saying why there is none (the
 * reason names the file's problem: not a PNG, cut short, damaged, no scenario, too large).
 * Pure; never throws, whatever the bytes.
 */
export function extractScenarioFromPng(bytes: Uint8Array): PngScenario {
  if (bytes.length > HAND_IN_PNG_BYTES_MAX) {
    return refused(
      `the PNG is ${bytes.length} bytes; a hand-in image is at most ${HAND_IN_PNG_BYTES_MAX} (32 MiB)`,
      detail('pngTooLarge', { bytes: bytes.length, max: HAND_IN_PNG_BYTES_MAX }),
    );
  }
  const walked = walkPngChunks(bytes);
  if (!walked.ok) {
    const reason = walked.detail;
    return refused(`the PNG ${walked.message}`, reason === undefined ? undefined : detail('pngBroken', { reason }));
  }
  const found = walked.value.filter((chunk) => isScenarioChunk(bytes, chunk));
  const [chunk, second] = found;
  if (chunk === undefined) {
    return refused(
      `the PNG holds no Leaseline scenario (no "${SCENARIO_PNG_KEYWORD}" text chunk); export the hand-in from Leaseline`,
      detail('pngNoScenario', { keyword: `"${SCENARIO_PNG_KEYWORD}"` }),
    );
  }
  if (second !== undefined) {
    const message = `the PNG holds ${found.length} Leaseline scenarios; a hand-in holds one`;
    return refused(message, detail('pngManyScenarios', { count: found.length }));
  }
  if (chunk.dataEnd - chunk.dataStart > SCENARIO_CHUNK_BYTES_MAX) {
    const bytesOfScenario = chunk.dataEnd - chunk.dataStart;
    return refused(
      `the PNG's scenario is ${bytesOfScenario} bytes, far more than any scenario`,
      detail('pngScenarioTooLarge', { bytes: bytesOfScenario }),
    );
  }
  if (!chunkCrcMatches(bytes, chunk))
    return refused("the PNG's scenario is damaged (its chunk checksum does not match)", detail('pngScenarioCrc'));
  return readScenarioText(bytes.subarray(chunk.dataStart, chunk.dataEnd), chunk.type);
}

function readScenarioText(data: Uint8Array, type: string): PngScenario {
  const textStart = KEYWORD_BYTES.length + 1;
  if (type === 'tEXt') return { ok: true, json: latin1(data.subarray(textStart)) };
  if (type === 'zTXt' || data[textStart] !== 0) {
    return refused(
      "the PNG's scenario is stored compressed, which Leaseline never writes; export the hand-in again",
      detail('pngScenarioCompressed'),
    );
  }
  // After the compression flag and method: language tag and translated keyword, each ending in 0.
  const languageEnd = data.indexOf(0, textStart + 2);
  const translatedEnd = languageEnd === -1 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd === -1) {
    return refused("the PNG's scenario chunk is damaged (its header is incomplete)", detail('pngScenarioHeader'));
  }
  try {
    const json = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data.subarray(translatedEnd + 1));
    return { ok: true, json };
  } catch {
    return refused("the PNG's scenario is not UTF-8 text", detail('pngScenarioNotUtf8'));
  }
}

/** A tEXt, zTXt or iTXt chunk whose keyword is ours. */
function isScenarioChunk(bytes: Uint8Array, chunk: PngChunk): boolean {
  if (chunk.type !== 'iTXt' && chunk.type !== 'tEXt' && chunk.type !== 'zTXt') return false;
  if (chunk.dataEnd - chunk.dataStart <= KEYWORD_BYTES.length) return false;
  if (bytes[chunk.dataStart + KEYWORD_BYTES.length] !== 0) return false;
  return KEYWORD_BYTES.every((byte, index) => bytes[chunk.dataStart + index] === byte);
}

/** iTXt data: keyword, 0, compression flag 0, method 0, empty language, 0, empty translation, 0, text. */
function iTxtData(text: string): Uint8Array {
  const textBytes = new TextEncoder().encode(text);
  const header = [...KEYWORD_BYTES, 0, 0, 0, 0, 0];
  const data = new Uint8Array(header.length + textBytes.length);
  data.set(header, 0);
  data.set(textBytes, header.length);
  return data;
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

function refused(reason: string, problem: ErrorDetail | undefined): PngScenario {
  return problem === undefined ? { ok: false, reason } : { ok: false, reason, detail: problem };
}
