import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { encodePngChunk, walkPngChunks } from './pngChunks';
import { embedScenarioInPng, extractScenarioFromPng, HAND_IN_PNG_BYTES_MAX, SCENARIO_PNG_KEYWORD } from './pngScenario';
import { concatBytes, tinyPng } from './tinyPng.testing';

const JSON_TEXT = `${JSON.stringify({ format: 'leaseline/scenario', version: 1, explanation: 'A stalls\u202E <b>שלום</b> 😀' }, null, 2)}\n`;
const latin1 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const chunkTypes = (png: Uint8Array) => {
  const walked = walkPngChunks(png);
  return walked.ok ? walked.value.map((chunk) => chunk.type) : walked.message;
};
/** A PNG with the given chunks between IDAT and IEND. */
const pngWith = (...chunks: Uint8Array[]) => {
  const plain = tinyPng();
  return concatBytes([plain.subarray(0, plain.length - 12), ...chunks, plain.subarray(plain.length - 12)]);
};

describe('crc32', () => {
  it('gives the check value of CRC-32/ISO-HDLC', () => {
    expect(crc32(utf8('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });
});

describe('embedScenarioInPng', () => {
  it('adds one iTXt chunk just before IEND and keeps the picture as it was', () => {
    const png = embedScenarioInPng(tinyPng(), JSON_TEXT);
    expect(chunkTypes(png)).toEqual(['IHDR', 'IDAT', 'iTXt', 'IEND']);
    expect(png.subarray(0, tinyPng().length - 12)).toEqual(tinyPng().subarray(0, tinyPng().length - 12));
    expect(extractScenarioFromPng(png)).toEqual({ ok: true, json: JSON_TEXT });
  });

  it('replaces the scenario of an image exported before, and drops bytes after IEND', () => {
    const once = embedScenarioInPng(tinyPng(), '{"first": true}');
    const twice = embedScenarioInPng(concatBytes([once, utf8('trailing junk')]), JSON_TEXT);
    expect(chunkTypes(twice)).toEqual(['IHDR', 'IDAT', 'iTXt', 'IEND']);
    expect(extractScenarioFromPng(twice)).toEqual({ ok: true, json: JSON_TEXT });
  });

  it('refuses what is not a whole PNG (a bug in the caller)', () => {
    expect(() => embedScenarioInPng(utf8('{}'), JSON_TEXT)).toThrow(/PNG signature/);
    expect(() => embedScenarioInPng(tinyPng().subarray(0, 40), JSON_TEXT)).toThrow(/cut short/);
  });
});

describe('extractScenarioFromPng', () => {
  const reasonOf = (bytes: Uint8Array) => {
    const result = extractScenarioFromPng(bytes);
    return result.ok ? 'ok' : result.reason;
  };

  it('names a PNG without a scenario', () => {
    expect(reasonOf(tinyPng())).toBe(
      'the PNG holds no Leaseline scenario (no "leaseline-scenario" text chunk); export the hand-in from Leaseline',
    );
    const otherText = encodePngChunk('tEXt', latin1('Software\0GIMP'));
    expect(reasonOf(pngWith(otherText))).toMatch(/holds no Leaseline scenario/);
  });

  it('refuses a file that is not a PNG', () => {
    expect(reasonOf(utf8('{"format": "leaseline/scenario"}'))).toBe('the PNG does not start with the PNG signature');
    expect(reasonOf(new Uint8Array(0))).toBe('the PNG does not start with the PNG signature');
  });

  it('gives a reason, never a throw, for the file cut at every length', () => {
    const png = embedScenarioInPng(tinyPng(), JSON_TEXT);
    for (let length = 0; length < png.length; length += 1) {
      const reason = reasonOf(png.subarray(0, length));
      expect(reason, `cut at ${length}`).toMatch(/^the PNG (does not start with the PNG signature|is cut short)/);
    }
  });

  it('notices a damaged scenario by its checksum', () => {
    const png = embedScenarioInPng(tinyPng(), JSON_TEXT);
    const damaged = png.slice();
    const at = png.length - 12 - 4 - 10; // inside the scenario text
    damaged[at] = (damaged[at] as number) ^ 0x01;
    expect(reasonOf(damaged)).toBe("the PNG's scenario is damaged (its chunk checksum does not match)");
  });

  it('refuses oversized files and chunks before reading them', () => {
    expect(reasonOf(new Uint8Array(HAND_IN_PNG_BYTES_MAX + 1))).toMatch(/^the PNG is 33554433 bytes; a hand-in image/);
    // A chunk that claims 2 GiB of data in a file of 60 bytes.
    const lying = tinyPng().slice();
    new DataView(lying.buffer).setUint32(33, 0x7fffffff);
    expect(reasonOf(lying)).toBe('the PNG is cut short: its IDAT chunk at byte 33 needs 2147483647 bytes of data');
    const huge = encodePngChunk(
      'iTXt',
      concatBytes([latin1(`${SCENARIO_PNG_KEYWORD}\0\0\0\0\0`), new Uint8Array(5e6)]),
    );
    expect(reasonOf(pngWith(huge))).toMatch(/^the PNG's scenario is 5000023 bytes, far more than any scenario$/);
  });

  it('reads a tEXt chunk (Latin-1) and refuses a compressed one, which Leaseline never writes', () => {
    const text = encodePngChunk('tEXt', latin1(`${SCENARIO_PNG_KEYWORD}\0{"format":"leaseline/scenario","version":1}`));
    expect(extractScenarioFromPng(pngWith(text))).toEqual({
      ok: true,
      json: '{"format":"leaseline/scenario","version":1}',
    });
    const compressed = encodePngChunk('iTXt', latin1(`${SCENARIO_PNG_KEYWORD}\0\u0001\0\0\0xyz`));
    expect(reasonOf(pngWith(compressed))).toMatch(/stored compressed/);
    const zTxt = encodePngChunk('zTXt', latin1(`${SCENARIO_PNG_KEYWORD}\0\0xyz`));
    expect(reasonOf(pngWith(zTxt))).toMatch(/stored compressed/);
  });

  it('refuses two scenarios in one image, a damaged header and text that is not UTF-8', () => {
    const one = encodePngChunk('iTXt', concatBytes([latin1(`${SCENARIO_PNG_KEYWORD}\0\0\0\0\0`), utf8('{}')]));
    expect(reasonOf(pngWith(one, one))).toBe('the PNG holds 2 Leaseline scenarios; a hand-in holds one');
    const noHeader = encodePngChunk('iTXt', latin1(`${SCENARIO_PNG_KEYWORD}\0\0\0en`));
    expect(reasonOf(pngWith(noHeader))).toBe("the PNG's scenario chunk is damaged (its header is incomplete)");
    const notUtf8 = encodePngChunk(
      'iTXt',
      concatBytes([latin1(`${SCENARIO_PNG_KEYWORD}\0\0\0\0\0`), Uint8Array.of(0xc3, 0x28)]),
    );
    expect(reasonOf(pngWith(notUtf8))).toBe("the PNG's scenario is not UTF-8 text");
  });

  it('refuses chunks with impossible types or a first chunk that is not IHDR', () => {
    const badType = tinyPng().slice();
    badType[37] = 0x31; // IDAT -> 1DAT
    expect(reasonOf(badType)).toBe('the PNG is damaged: the chunk at byte 33 has no valid type');
    const noHeader = concatBytes([tinyPng().subarray(0, 8), tinyPng().subarray(33)]);
    expect(reasonOf(noHeader)).toBe('the PNG is damaged: it does not begin with IHDR');
  });
});
