/**
 * Raw-deflate decompression with a hard cap on the output, for data from strangers (share
 * links). A tiny link can inflate to gigabytes; feeding fflate's streaming Inflate small
 * slices bounds each step's output (deflate expands at most ~1032x), so the cap is noticed
 * after at most about one mebibyte more than it allows.
 */
import { Inflate } from 'fflate';
import { detail } from './errorDetail';
import { type Parsed, parsedValue, parseFailure } from './parsed';

const SLICE_BYTES = 1024;

/** Inflates `compressed` (raw deflate), refusing output past `maxBytes`. Pure; never throws. */
export function inflateBounded(compressed: Uint8Array, maxBytes: number): Parsed<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let totalBytes = 0;
  let ended = false;
  const inflate = new Inflate((chunk, final) => {
    chunks.push(chunk);
    totalBytes += chunk.length;
    ended = final;
  });
  try {
    for (let start = 0; start < compressed.length || start === 0; start += SLICE_BYTES) {
      const end = start + SLICE_BYTES;
      inflate.push(compressed.subarray(start, end), end >= compressed.length);
      if (totalBytes > maxBytes) {
        const problem = detail('inflateTooLarge', { bytes: maxBytes });
        return parseFailure(`its data unpacks to more than ${maxBytes} bytes, far more than any scenario`, problem);
      }
    }
  } catch (error) {
    // fflate reports a cut-off stream as "unexpected EOF"; anything else is damaged data.
    const message = error instanceof Error ? error.message : '';
    if (/unexpected EOF/i.test(message)) return cutShort();
    return parseFailure('its data does not unpack (damaged, or not made by Leaseline)', detail('inflateDamaged'));
  }
  if (!ended) return cutShort();
  const bytes = new Uint8Array(totalBytes);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return parsedValue(bytes);
}

function cutShort(): Parsed<Uint8Array> {
  return parseFailure('its data ends too early; was the link cut short?', detail('inflateCutShort'));
}
