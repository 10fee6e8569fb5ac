import { describe, expect, it } from 'vitest';
import { addressWithoutLanguage, chooseLanguage, directionOf, languageOf } from './languages';

describe('chooseLanguage', () => {
  it('takes ?lang= from the address first', () => {
    expect(chooseLanguage({ search: '?lang=ar', saved: 'en', browser: ['en-GB'] })).toEqual({
      language: 'ar',
      fromAddress: true,
    });
  });

  it('then the remembered choice, then the browser, then English', () => {
    expect(chooseLanguage({ search: '', saved: 'en', browser: ['ar-EG'] }).language).toBe('en');
    expect(chooseLanguage({ search: '', saved: null, browser: ['fr-FR', 'ar-EG', 'en'] }).language).toBe('ar');
    expect(chooseLanguage({ search: '', saved: null, browser: ['fr-FR', 'de'] })).toEqual({
      language: 'en',
      fromAddress: false,
    });
  });

  it('ignores a language it does not speak in the address', () => {
    expect(chooseLanguage({ search: '?lang=fr', saved: 'ar', browser: [] })).toEqual({
      language: 'ar',
      fromAddress: false,
    });
  });
});

describe('languageOf and directionOf', () => {
  it('reads the primary subtag of any case and separator', () => {
    expect(languageOf('AR_sa')).toBe('ar');
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('arn')).toBeNull();
    expect(languageOf(undefined)).toBeNull();
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});

describe('addressWithoutLanguage', () => {
  it('drops lang and keeps the rest, the share fragment included', () => {
    expect(addressWithoutLanguage('https://x.test/?lang=ar&a=1#s=abc')).toBe('https://x.test/?a=1#s=abc');
    expect(addressWithoutLanguage('https://x.test/?lang=ar#lesson=l5&step=3')).toBe('https://x.test/#lesson=l5&step=3');
    expect(addressWithoutLanguage('https://x.test/#s=abc')).toBeNull();
  });
});
