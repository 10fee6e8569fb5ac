/**
 * The one way in for a hand-in, whatever the student sent: a scenario file (JSON text) or the
 * PNG the app exported with the scenario inside. Gives the same result and errors as
 * `loadScenarioText` (file, JSON path, what is wrong), and names foreign files for what they
 * are ("a JPEG image") so an instructor knows what to ask the student for. Never throws.
 */

import { detail, ERROR_TERMS, term } from './errorDetail';
import { type LoadResult, loadScenarioText, refused, SCENARIO_TEXT_CHARS_MAX } from './loadScenario';
import { hasPngSignature } from './pngChunks';
import { extractScenarioFromPng, HAND_IN_PNG_BYTES_MAX } from './pngScenario';

/** UTF-8 takes at most 4 bytes a character: past this, text cannot be a valid scenario. */
const TEXT_BYTES_MAX = 4 * SCENARIO_TEXT_CHARS_MAX;
const ASK_FOR = 'export the hand-in from Leaseline as PNG or as the JSON scenario file';

/** Files students send by mistake, by their first bytes. */
const FOREIGN_FORMATS: readonly {
  readonly name: 'jpegImage' | 'gifImage' | 'webpImage' | 'pdfDocument' | 'zipArchive';
  readonly matches: (bytes: Uint8Array) => boolean;
}[] = [
  { name: 'jpegImage', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { name: 'gifImage', matches: (bytes) => startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) },
  {
    name: 'webpImage',
    matches: (bytes) => startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && ascii(bytes, 8, 12) === 'WEBP',
  },
  { name: 'pdfDocument', matches: (bytes) => startsWith(bytes, [0x25, 0x50, 0x44, 0x46]) },
  { name: 'zipArchive', matches: (bytes) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) },
];

/**
 * Loads a hand-in from the file's bytes (or its text, when the caller already has text).
 * `fileName` names it in every message. Pure.
 */
export function loadHandIn(input: Uint8Array | string, fileName: string): LoadResult {
  if (typeof input === 'string') return loadText(input, fileName);
  if (hasPngSignature(input)) {
    const extracted = extractScenarioFromPng(input);
    return extracted.ok
      ? loadScenarioText(extracted.json, fileName)
      : refused(fileName, extracted.reason, extracted.detail);
  }
  const foreign = FOREIGN_FORMATS.find((format) => format.matches(input));
  if (foreign !== undefined) {
    const message = `it is ${ERROR_TERMS[foreign.name]}, not a Leaseline hand-in; ${ASK_FOR}`;
    return refused(fileName, message, detail('foreignFile', { what: term(foreign.name) }));
  }
  if (input.length > TEXT_BYTES_MAX) {
    const far = input.length > HAND_IN_PNG_BYTES_MAX;
    const limit = far ? 'far more than' : 'more than';
    return refused(
      fileName,
      `the file is ${input.length} bytes, ${limit} any scenario file (at most 1 MiB of text)`,
      detail(far ? 'handInFarTooLarge' : 'handInTooLarge', { bytes: input.length }),
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    return refused(fileName, `it is neither a PNG image nor UTF-8 text; ${ASK_FOR}`, detail('notPngNorText'));
  }
  // Text named .png (a scenario or notes saved under the picture's name) is not graded as
  // whatever it holds: the student meant to hand in the picture.
  if (/\.png$/i.test(fileName)) {
    const message = `it is not a PNG: the name ends in .png but the file holds text; ${ASK_FOR}`;
    return refused(fileName, message, detail('textNamedPng'));
  }
  return loadText(text, fileName);
}

/** JSON text, unless it is plainly an SVG or HTML page (the SVG export carries no scenario). */
function loadText(text: string, fileName: string): LoadResult {
  const head = text
    .slice(0, 512)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<')) {
    const what = /<svg[\s>]/.test(head) ? 'svgImage' : 'xmlOrHtml';
    const message = `it is ${ERROR_TERMS[what]}, not a Leaseline hand-in (SVG exports carry no scenario); ${ASK_FOR}`;
    return refused(fileName, message, detail('svgOrHtml', { what: term(what) }));
  }
  return loadScenarioText(text, fileName);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}
