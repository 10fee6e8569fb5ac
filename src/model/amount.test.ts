import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountCents, parseAmountCents } from './amount';

describe('amounts', () => {
  it.each([
    ['5.00', 500],
    ['-2.50', -250],
    ['+12.00', 1200],
    ['0.00', 0],
    ['-0.00', 0],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseAmountCents(text)).toEqual({ ok: true, value: cents });
  });

  it.each(['5', '5.0', '5.000', '5,00', '.50', '5.', ' 5.00', '1e3', '12345678901234.00'])('refuses %j', (text) => {
    expect(parseAmountCents(text)).toMatchObject({
      ok: false,
      message: `${JSON.stringify(text)} is not an amount; write a decimal with two places, e.g. "5.00" or "-2.50"`,
    });
  });

  it('writes cents with two decimals and no plus sign', () => {
    expect(formatAmountCents(500)).toBe('5.00');
    expect(formatAmountCents(-250)).toBe('-2.50');
    expect(formatAmountCents(-5)).toBe('-0.05');
    expect(formatAmountCents(0)).toBe('0.00');
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }), (cents) => {
        expect(parseAmountCents(formatAmountCents(cents))).toEqual({ ok: true, value: cents });
      }),
    );
  });
});
