/**
 * Bad input, as issue 6 lists it: truncated, garbled, oversized and hostile share links and
 * hand-in files (JSON and PNG). Each gives a typed error naming the source, the JSON path and
 * what is wrong, never a throw; the work is bounded by caps that the messages prove were hit
 * (a decompression bomb stops at 1 MiB, a PNG's picture data is never inflated).
 */
import fc from 'fast-check';
import { deflateSync, strToU8, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from '../src/model/base64url';
import { loadHandIn } from '../src/model/loadHandIn';
import { type LoadResult, SCENARIO_TEXT_CHARS_MAX } from '../src/model/loadScenario';
import { encodePngChunk } from '../src/model/pngChunks';
import { embedScenarioInPng, HAND_IN_PNG_BYTES_MAX, SCENARIO_PNG_KEYWORD } from '../src/model/pngScenario';
import { formatScenarioError } from '../src/model/scenarioError';
import { serializeScenario } from '../src/model/serializeScenario';
import { buildShareLink, decodeShareFragment } from '../src/model/shareLink';
import { concatBytes, tinyPng } from '../src/model/tinyPng.testing';
import { findPreset } from '../src/presets/catalogue';

import { HOSTILE_TEXT } from './grading/handInArbitrary';

const HEADER = { format: 'leaseline/scenario', version: 1 };
const S07 = findPreset('s07-fencing-off')?.document as Record<string, unknown>;
const HAND_IN = { ...S07, exercise: 'ex03', explanation: 'A stalls, B takes over, A writes: twice.' };
const HAND_IN_TEXT = serializeScenario(HAND_IN as never);
const utf8 = (text: string) => new TextEncoder().encode(text);
/** A share link whose payload is `text` (valid or not), encoded as the app encodes links. */
const linkOf = (text: string) =>
  `http://localhost:5173/#s=1.${encodeBase64Url(deflateSync(strToU8(text), { level: 9 }))}`;
const pngOf = (text: string) => embedScenarioInPng(tinyPng(), text);

/** The errors of a load that must fail, as `leaseline` prints them; fails the test on a throw or a success. */
function errorsOf(load: () => LoadResult): string[] {
  const result = load();
  expect(result.ok).toBe(false);
  if (result.ok) return [];
  for (const error of result.errors) {
    expect(error.source).not.toBe('');
    expect(error.path).not.toBe('');
    expect(error.message).not.toBe('');
  }
  return result.errors.map(formatScenarioError);
}

/** The same bad scenario text as a share link, a JSON file and a hand-in PNG. */
function everyWay(text: string): { link: string[]; json: string[]; png: string[] } {
  return {
    link: errorsOf(() => decodeShareFragment(linkOf(text))),
    json: errorsOf(() => loadHandIn(utf8(text), 'hand-in.json')),
    png: errorsOf(() => loadHandIn(pngOf(text), 'hand-in.png')),
  };
}

describe('hostile content, by share link, JSON file and PNG alike', { timeout: 60_000 }, () => {
  it('invalid JSON', () => {
    const { link, json, png } = everyWay('{"format": "leaseline/scenario", "version": 1,}');
    const message = 'not valid JSON: line 1, column 47: a comma before "}"; JSON allows no trailing comma';
    expect(link).toEqual([`share link: ${message}`]);
    expect(json).toEqual([`hand-in.json: ${message}`]);
    expect(png).toEqual([`hand-in.png: ${message}`]);
  });

  it('a file of another format', () => {
    const { link, json, png } = everyWay('{"format": "excalidraw", "version": 2}');
    const message = 'format: "excalidraw" is not a Leaseline scenario; expected "leaseline/scenario"';
    expect([link, json, png].map((errors) => errors[0]?.split(': ').slice(1).join(': '))).toEqual([
      message,
      message,
      message,
    ]);
  });

  it('a newer version', () => {
    const { json, png } = everyWay(JSON.stringify({ ...HAND_IN, version: 3 }));
    const message = 'version: this file was written by a newer Leaseline (version 3); this one reads up to version 1';
    expect(json).toEqual([`hand-in.json: ${message}`]);
    expect(png).toEqual([`hand-in.png: ${message}`]);
    expect(errorsOf(() => decodeShareFragment('#s=2.AAAA'))).toEqual([
      'share link: the link was made by a newer Leaseline (link encoding 2); this one reads encoding 1',
    ]);
  });

  it('10,000 events', () => {
    const pause = { type: 'pause', replica: 'A', at: '02:01:30', for: '1s' };
    const { link, json, png } = everyWay(JSON.stringify({ ...HEADER, events: Array(10_000).fill(pause) }));
    expect(json).toEqual(['hand-in.json: events: 10000 events; a scenario has at most 500']);
    expect(link).toEqual(['share link: events: 10000 events; a scenario has at most 500']);
    expect(png).toEqual(['hand-in.png: events: 10000 events; a scenario has at most 500']);
  });

  it('nesting 100,000 levels deep', () => {
    const deep = `{"format": "leaseline/scenario", "version": 1, "x-deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const { json } = everyWay(deep);
    expect(json[0]).toMatch(/^hand-in\.json: \["x-deep"\](\[0\])+: nested more than 64 levels deep$/);
  });

  it('labels and explanations with markup or bidi controls are data: kept exactly, not refused', () => {
    for (const hostile of HOSTILE_TEXT) {
      const label = [...hostile].slice(0, 120).join('');
      const document = {
        ...HEADER,
        explanation: hostile,
        events: [{ type: 'trigger', replica: 'A', at: '02:00:00', label }],
      };
      const text = serializeScenario(document as never);
      for (const result of [
        decodeShareFragment(linkOf(text)),
        loadHandIn(pngOf(text), 'a.png'),
        loadHandIn(text, 'a.json'),
      ]) {
        expect(result.ok && serializeScenario(result.document)).toBe(text);
      }
    }
  });

  it('an overlong label or explanation, or one that is not text, is named by its path', () => {
    const text = JSON.stringify({
      ...HEADER,
      explanation: 'x'.repeat(5001),
      events: [
        { type: 'trigger', replica: 'A', at: '02:00:00', label: '<b>'.repeat(41) },
        { type: 'trigger', replica: 'A', at: '02:00:00', label: { html: '<script>' } },
      ],
    });
    expect(everyWay(text).png).toEqual([
      'hand-in.png: explanation: 5001 characters; an explanation has at most 5000',
      'hand-in.png: events[0].label: 123 characters; a label has at most 120',
      'hand-in.png: events[1].label: an object is not a label; write e.g. "GC pause"',
    ]);
  });
});

describe('share links', { timeout: 60_000 }, () => {
  const link = buildShareLink(HAND_IN as never);

  it('cut short at every length: a typed error each time', () => {
    for (let length = 0; length < link.length; length += 1) {
      errorsOf(() => decodeShareFragment(link.slice(0, length)));
    }
  });

  it('garbled: any text, or one character of a good link changed, never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const result = decodeShareFragment(text);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 500 },
    );
    const start = link.indexOf('1.') + 2;
    fc.assert(
      fc.property(
        fc.integer({ min: start, max: link.length - 1 }),
        fc.constantFrom('A', '_', '-', '9', '=', '%', ' '),
        (at, char) => {
          const result = decodeShareFragment(`${link.slice(0, at)}${char}${link.slice(at + 1)}`);
          if (!result.ok) expect(result.errors[0]?.message).not.toBe('');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a decompression bomb stops at the 1 MiB cap', () => {
    const bomb = `#s=1.${encodeBase64Url(deflateSync(new Uint8Array(16 * 1024 * 1024).fill(0x20), { level: 9 }))}`;
    expect(bomb.length).toBeLessThan(100_000);
    expect(errorsOf(() => decodeShareFragment(bomb))).toEqual([
      'share link: the link cannot be opened: its data unpacks to more than 1048576 bytes, far more than any scenario',
    ]);
  });

  it('an oversized link is refused before it is decoded', () => {
    expect(errorsOf(() => decodeShareFragment(`#s=1.${'A'.repeat(2_000_000)}`))).toEqual([
      'share link: the link is 2000000 characters long, too long for a scenario',
    ]);
  });
});

describe('hand-in files', { timeout: 60_000 }, () => {
  const png = pngOf(HAND_IN_TEXT);

  it('JSON and PNG cut short at every length: a typed error each time', () => {
    for (let length = 0; length < HAND_IN_TEXT.length; length += 7) {
      errorsOf(() => loadHandIn(utf8(HAND_IN_TEXT.slice(0, length)), 'cut.json'));
    }
    for (let length = 0; length < png.length; length += 1) {
      errorsOf(() => loadHandIn(png.subarray(0, length), 'cut.png'));
    }
  });

  it('garbled: random bytes, or a bit of a good PNG flipped, never throws', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        loadHandIn(bytes, 'noise.bin');
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: png.length * 8 - 1 }), (bit) => {
        const flipped = png.slice();
        flipped[bit >> 3] = (flipped[bit >> 3] as number) ^ (1 << (bit & 7));
        const result = loadHandIn(flipped, 'flipped.png');
        if (!result.ok) expect(result.errors[0]?.message).not.toBe('');
      }),
      { numRuns: 500 },
    );
  });

  it('oversized files are refused by their size', () => {
    expect(errorsOf(() => loadHandIn(' '.repeat(SCENARIO_TEXT_CHARS_MAX + 1), 'big.json'))).toEqual([
      'big.json: the file has 1048577 characters; a scenario file is at most 1048576 (1 MiB)',
    ]);
    const bigPng = concatBytes([png, new Uint8Array(HAND_IN_PNG_BYTES_MAX)]);
    expect(errorsOf(() => loadHandIn(bigPng, 'big.png'))[0]).toMatch(
      /^big\.png: the PNG is \d+ bytes; a hand-in image is at most 33554432/,
    );
  });

  it('a PNG whose picture is a decompression bomb still loads: its pixels are never inflated', () => {
    const bombPixels = encodePngChunk('IDAT', zlibSync(new Uint8Array(16 * 1024 * 1024), { level: 9 }));
    const plain = tinyPng();
    const bombed = concatBytes([plain.subarray(0, 33), bombPixels, plain.subarray(plain.length - 12)]);
    const loaded = loadHandIn(embedScenarioInPng(bombed, HAND_IN_TEXT), 'bomb.png');
    expect(loaded.ok && serializeScenario(loaded.document)).toBe(HAND_IN_TEXT);
  });

  it('a PNG whose scenario chunk is compressed is refused without inflating it', () => {
    const header = utf8(`${SCENARIO_PNG_KEYWORD}\0\u0001\0\0\0`);
    const chunk = encodePngChunk('iTXt', concatBytes([header, zlibSync(new Uint8Array(16 * 1024 * 1024))]));
    const plain = tinyPng();
    const compressed = concatBytes([plain.subarray(0, plain.length - 12), chunk, plain.subarray(plain.length - 12)]);
    expect(errorsOf(() => loadHandIn(compressed, 'zip.png'))).toEqual([
      "zip.png: the PNG's scenario is stored compressed, which Leaseline never writes; export the hand-in again",
    ]);
  });
});
