import { describe, expect, it } from 'vitest';
import { loadHandIn } from './loadHandIn';
import { loadScenarioText } from './loadScenario';
import { embedScenarioInPng } from './pngScenario';
import { formatScenarioError } from './scenarioError';
import { serializeScenario } from './serializeScenario';
import { tinyPng } from './tinyPng.testing';

const HAND_IN = {
  format: 'leaseline/scenario',
  version: 1,
  exercise: 'ex03',
  explanation: 'A stalls; B takes over; A writes anyway.\n\u202Eצ',
  events: [{ type: 'pause', replica: 'A', at: '02:01:30', for: '6m', label: '<script>alert(1)</script>' }],
};
const TEXT = `${JSON.stringify(HAND_IN, null, 2)}\n`;
const utf8 = (text: string) => new TextEncoder().encode(text);

function errorsOf(input: Uint8Array | string): string[] {
  const result = loadHandIn(input, 'alice.png');
  return result.ok ? [] : result.errors.map(formatScenarioError);
}

describe('loadHandIn', () => {
  it('loads JSON given as text or as bytes (with a byte order mark) exactly as loadScenarioText does', () => {
    const expected = loadScenarioText(TEXT, 'alice.json');
    expect(loadHandIn(TEXT, 'alice.json')).toEqual(expected);
    expect(loadHandIn(utf8(`\uFEFF${TEXT}`), 'alice.json')).toEqual(expected);
  });

  it('loads the scenario inside a hand-in PNG, identical to the file it came from', () => {
    const loaded = loadHandIn(embedScenarioInPng(tinyPng(), TEXT), 'alice.png');
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect(loaded.document).toEqual(HAND_IN);
      expect(serializeScenario(loaded.document)).toBe(TEXT);
    }
  });

  it('names the file and what is wrong with a PNG, and with the scenario inside it', () => {
    expect(errorsOf(tinyPng())).toEqual([
      'alice.png: the PNG holds no Leaseline scenario (no "leaseline-scenario" text chunk); export the hand-in from Leaseline',
    ]);
    const newer = embedScenarioInPng(tinyPng(), JSON.stringify({ ...HAND_IN, version: 2 }));
    expect(errorsOf(newer)).toEqual([
      'alice.png: version: this file was written by a newer Leaseline (version 2); this one reads up to version 1',
    ]);
    const broken = embedScenarioInPng(tinyPng(), '{"format": "leaseline/scenario", ');
    expect(errorsOf(broken)[0]).toMatch(/^alice\.png: not valid JSON: line 1, column \d+/);
  });

  it('names foreign files for what they are', () => {
    const ask = 'export the hand-in from Leaseline as PNG or as the JSON scenario file';
    const cases: [Uint8Array | string, string][] = [
      [
        Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46),
        `it is a JPEG image, not a Leaseline hand-in; ${ask}`,
      ],
      [utf8('GIF89a...'), `it is a GIF image, not a Leaseline hand-in; ${ask}`],
      [utf8('RIFF\0\0\0\0WEBPVP8 '), `it is a WebP image, not a Leaseline hand-in; ${ask}`],
      [utf8('%PDF-1.7'), `it is a PDF document, not a Leaseline hand-in; ${ask}`],
      [
        Uint8Array.of(0x50, 0x4b, 3, 4, 20),
        `it is a ZIP archive (or Office document), not a Leaseline hand-in; ${ask}`,
      ],
      [
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        `it is an SVG image, not a Leaseline hand-in (SVG exports carry no scenario); ${ask}`,
      ],
      [Uint8Array.of(0x00, 0xfe, 0xff, 0x80), `it is neither a PNG image nor UTF-8 text; ${ask}`],
    ];
    for (const [input, message] of cases) expect(errorsOf(input)).toEqual([`alice.png: ${message}`]);
  });

  it('refuses large text before decoding it', () => {
    expect(errorsOf(new Uint8Array(5 * 1024 * 1024).fill(0x20))).toEqual([
      'alice.png: the file is 5242880 bytes, more than any scenario file (at most 1 MiB of text)',
    ]);
  });
});
