import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from './base64url';
import { loadScenarioValue } from './loadScenario';
import { formatScenarioError } from './scenarioError';
import type { ScenarioDocument } from './scenarioSchema';
import { buildShareLink, DEFAULT_APP_URL, decodeShareFragment, shareFragment } from './shareLink';

function documentOf(value: unknown): ScenarioDocument {
  const result = loadScenarioValue(value, 'test');
  if (!result.ok) throw new Error(result.errors.map(formatScenarioError).join('\n'));
  return result.document;
}

function errorsOf(link: string): string[] {
  const result = decodeShareFragment(link);
  return result.ok ? [] : result.errors.map(formatScenarioError);
}

/** A fragment carrying arbitrary bytes as if they were deflated JSON. */
const fragmentOf = (bytes: Uint8Array) => `#s=1.${encodeBase64Url(bytes)}`;

const minimal = documentOf({ format: 'leaseline/scenario', version: 1, title: 'S07' });

describe('share links', () => {
  it('open the app with the scenario in the fragment', () => {
    const link = buildShareLink(minimal);
    expect(link.startsWith(`${DEFAULT_APP_URL}#s=1.`)).toBe(true);
    expect(link.slice(DEFAULT_APP_URL.length + 5)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(buildShareLink(minimal, 'https://leaseline.example/play?x=1#old')).toBe(
      `https://leaseline.example/play?x=1${shareFragment(minimal)}`,
    );
  });

  it('decode from a full URL, "#s=..." or "s=...", ignoring other fragment parameters', () => {
    const fragment = shareFragment(minimal);
    for (const input of [buildShareLink(minimal), fragment, fragment.slice(1), `#t=02:00&${fragment.slice(1)}&z=1`]) {
      const result = decodeShareFragment(input);
      expect(result.ok && result.document).toEqual(minimal);
    }
  });

  it('are deterministic', () => {
    expect(shareFragment(minimal)).toBe(shareFragment(documentOf({ ...minimal })));
  });
});

describe('hostile share links fail with a clear error, never a throw', () => {
  it('without a scenario in them', () => {
    expect(errorsOf('http://localhost:5173/')).toEqual([
      'share link: the link holds no scenario (it has no "#s=" part)',
    ]);
    expect(errorsOf('#s=abc')).toEqual([
      'share link: the link is damaged: its scenario does not start with an encoding number ("1.")',
    ]);
  });

  it('from a newer Leaseline', () => {
    expect(errorsOf('#s=2.AAAA')).toEqual([
      'share link: the link was made by a newer Leaseline (link encoding 2); this one reads encoding 1',
    ]);
  });

  it('with characters that are not base64url', () => {
    expect(errorsOf('#s=1.ab+/cd')).toEqual(['share link: the link is damaged: character 3 ("+") is not base64url']);
    expect(errorsOf('#s=1.abcde')).toEqual([
      'share link: the link is damaged: its length is not possible for base64url',
    ]);
  });

  it('cut short', () => {
    const fragment = shareFragment(minimal);
    expect(errorsOf(fragment.slice(0, fragment.length - 8))).toEqual([
      'share link: the link cannot be opened: its data ends too early; was the link cut short?',
    ]);
  });

  it('with bytes that are not deflate data', () => {
    expect(errorsOf(fragmentOf(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x00, 0x01])))).toEqual([
      'share link: the link cannot be opened: its data does not unpack (damaged, or not made by Leaseline)',
    ]);
  });

  it('that unpack to a bomb: 50 MB of zeros is refused after reading only a little of it', () => {
    const bomb = deflateSync(new Uint8Array(50 * 1024 * 1024), { level: 9 });
    const refusal =
      'share link: the link cannot be opened: its data unpacks to more than 1048576 bytes, far more than any scenario';
    expect(errorsOf(fragmentOf(bomb))).toEqual([refusal]);
    // Proof that decoding stopped early rather than unpacking 50 MB and then complaining:
    // with the second half of the stream turned to garbage it still reports the bomb, so it
    // never reached the garbage.
    const poisoned = bomb.slice();
    poisoned.fill(0xff, bomb.length >> 1);
    expect(errorsOf(fragmentOf(poisoned))).toEqual([refusal]);
  });

  it('that unpack to text that is not UTF-8, not JSON, or not a valid scenario', () => {
    expect(errorsOf(fragmentOf(deflateSync(new Uint8Array([0xc3, 0x28]))))).toEqual([
      'share link: the link cannot be opened: its data is not UTF-8 text',
    ]);
    expect(errorsOf(fragmentOf(deflateSync(strToU8('{"format": nope}'))))).toEqual([
      'share link: not valid JSON: line 1, column 12: expected a value, found "n"',
    ]);
    expect(
      errorsOf(fragmentOf(deflateSync(strToU8('{"format":"leaseline/scenario","version":1,"lock":{"kind":"x"}}')))),
    ).toEqual([
      'share link: lock.kind: "x" is not a lock kind; use one of: none, shedlock, lease, redis, etcd, zookeeper, advisory',
    ]);
  });

  it('of any shape at all', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (junk) => {
        const result = decodeShareFragment(`#s=1.${junk}`);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(decodeShareFragment(fragmentOf(bytes)).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
