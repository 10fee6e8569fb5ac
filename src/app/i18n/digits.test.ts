import { describe, expect, it } from 'vitest';
import { digitsFor, digitsState, isNumericText, localDigitsInText, toArabicIndicDigits } from './digits';

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

  it('rewrites numbers and times in the app’s own prose, never the digits of an id, a unit or code', () => {
    const story =
      'عند 02:01:30 تأخذ A الصفوف 1-10 بالرمز 7 وتطبّق +12.00 للطلب #1003 (Q5، EX04)؛ ' +
      'lockAtMostFor 30 دقيقة، و60s، و(15 s / 10 s)، و(0 rows)، وetcd 3.4.3';
    const saved = { ...digitsState };
    try {
      Object.assign(digitsState, { language: 'ar', style: 'arabicIndic' });
      expect(localDigitsInText(story)).toBe(
        'عند ٠٢:٠١:٣٠ تأخذ A الصفوف ١-١٠ بالرمز ٧ وتطبّق +١٢.٠٠ للطلب #1003 (Q5، EX04)؛ ' +
          'lockAtMostFor 30 دقيقة، و60s، و(15 s / 10 s)، و(0 rows)، وetcd 3.4.3',
      );
      Object.assign(digitsState, { language: 'ar', style: 'western' });
      expect(localDigitsInText(story)).toBe(story);
      Object.assign(digitsState, { language: 'en', style: 'arabicIndic' });
      expect(localDigitsInText(story)).toBe(story);
    } finally {
      Object.assign(digitsState, saved);
    }
  });
});
