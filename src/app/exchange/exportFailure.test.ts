import { afterAll, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../i18n/index';
import { ExportError, exportFailureText } from './exportFailure';
import { PngRenderError } from './pngRender';

const page = () => ({ documentElement: { lang: 'en', dir: 'ltr' }, title: '' }) as unknown as Document;
const failures = [
  new PngRenderError('decode', 'The source image cannot be decoded.'),
  new PngRenderError('noCanvas', 'the browser has no 2D canvas'),
  new PngRenderError('encode', 'the browser could not encode the picture'),
];

describe('why an export failed', () => {
  afterAll(() => switchLanguage('en', 'western', page()));

  it('says the browser’s drawing failures in English', () => {
    expect(failures.map((error) => exportFailureText(i18n.t, error))).toEqual([
      'the browser could not draw the chart as a picture.',
      'this browser cannot draw pictures (it has no 2D canvas).',
      'the browser could not save the picture as PNG.',
    ]);
  });

  it('says them in Arabic, with no English left from the browser', async () => {
    await switchLanguage('ar', 'western', page());
    for (const error of failures) {
      const text = exportFailureText(i18n.t, error);
      expect(text).toMatch(/[\u0600-\u06ff]/);
      expect(text.replace(/\bPNG\b/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it('puts any other error’s own words inside a translated sentence, isolated, and passes the app’s own through', async () => {
    await switchLanguage('ar', 'western', page());
    expect(exportFailureText(i18n.t, new Error('Quota exceeded'))).toBe('أوقفه المتصفح (\u2068Quota exceeded\u2069).');
    expect(exportFailureText(i18n.t, new ExportError('لا يوجد مخطط زمني لرسمه.'))).toBe('لا يوجد مخطط زمني لرسمه.');
  });
});
