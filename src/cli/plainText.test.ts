import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv';
import { plainText } from './plainText';

describe('plainText', () => {
  it('escapes controls, separators and bidi controls, and keeps every script', () => {
    expect(plainText('a\u202Egnp.json')).toBe('a\\u{202E}gnp.json');
    expect(plainText('\u001B[31mred\u0007\r\n\u0085\u2028\u2066x\u2069\u200F')).toBe(
      '\\u{1B}[31mred\\u{7}\\u{D}\\u{A}\\u{85}\\u{2028}\\u{2066}x\\u{2069}\\u{200F}',
    );
    expect(plainText('שלום عربى 日本 😀 e\u0301')).toBe('שלום عربى 日本 😀 e\u0301');
  });
});

describe('csv', () => {
  it('quotes commas, quotes, line breaks and edge spaces (RFC 4180)', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', ' pad', ''])).toBe(
      'plain,"a,b","say ""hi""","two\nlines"," pad",\n',
    );
  });

  it('keeps spreadsheets from running a field as a formula', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'].map(csvField)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx"]);
    expect(csvField('=HYPERLINK("x", "y")')).toBe('"\'=HYPERLINK(""x"", ""y"")"');
  });
});
