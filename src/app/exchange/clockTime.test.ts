import { afterEach, describe, expect, it } from 'vitest';
import { digitsState } from '../i18n/digits';
import { clockTime } from './clockTime';

const AT_MS = Date.UTC(2026, 11, 2, 14, 3, 27);
const OPTIONS = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

afterEach(() => {
  digitsState.language = 'en';
  digitsState.style = 'western';
});

describe('the "saved at" time of day', () => {
  it("is the person's own locale's time in English, as toLocaleTimeString writes it", () => {
    expect(clockTime(AT_MS)).toBe(new Date(AT_MS).toLocaleTimeString(undefined, OPTIONS));
  });

  it('takes the digits chosen for Arabic, and follows a change of choice', () => {
    digitsState.language = 'ar';
    digitsState.style = 'arabicIndic';
    expect(clockTime(AT_MS)).toMatch(/[٠-٩]/);
    digitsState.style = 'western';
    expect(clockTime(AT_MS)).toBe(new Date(AT_MS).toLocaleTimeString('ar-u-nu-latn', OPTIONS));
    expect(clockTime(AT_MS)).not.toMatch(/[٠-٩]/);
  });
});
