import { describe, expect, it } from 'vitest';
import { digitsFor, isNumericText, toArabicIndicDigits } from './digits';

describe('digits', () => {
  it('writes Arabic-Indic digits only in Arabic with that style', () => {
    expect(toArabicIndicDigits('02:05:10.5')).toBe('٠٢:٠٥:١٠.٥');
    expect(digitsFor('02:05:10', 'ar', 'arabicIndic')).toBe('٠٢:٠٥:١٠');
    expect(digitsFor('02:05:10', 'ar', 'western')).toBe('02:05:10');
    expect(digitsFor('02:05:10', 'en', 'arabicIndic')).toBe('02:05:10');
  });

  it('tells a number or a time from an id or a statement', () => {
    for (const value of ['7', '02:05:10.250', '-30', '1,003', '12%']) expect(isNumericText(value)).toBe(true);
    for (const value of ['A', '#1003', 'SET NX PX 30000', '', ':']) expect(isNumericText(value)).toBe(false);
  });
});
