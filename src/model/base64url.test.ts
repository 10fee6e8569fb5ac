import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './base64url';

describe('base64url', () => {
  it("matches Node's base64url encoder and reads back", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = encodeBase64Url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(decodeBase64Url(text)).toEqual({ ok: true, value: bytes });
      }),
    );
  });

  it('tolerates padding but refuses standard base64 characters', () => {
    expect(decodeBase64Url('YQ==')).toEqual({ ok: true, value: new Uint8Array([0x61]) });
    expect(decodeBase64Url('a/b=')).toMatchObject({ ok: false, message: 'character 2 ("/") is not base64url' });
  });
});
