import { describe, expect, it } from 'vitest';
import { skeletonHtml, withFirstScreen } from './firstScreenHtml';

const BUILT =
  '<html><head><title>Leaseline</title><script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describe('the first screen written into index.html', () => {
  const html = withFirstScreen(BUILT, {
    nights: [
      { layout: 'short', language: 'en', direction: 'ltr', html: '<main>short $& night</main>' },
      { layout: 'tall', language: 'en', direction: 'ltr', html: '<main>tall night</main>' },
      { layout: 'short', language: 'ar', direction: 'rtl', html: '<main>ليلة</main>' },
    ],
    brand: 'Leaseline',
    scriptPath: '/assets/first-screen-0123456789.js',
    starting: [
      { language: 'en', direction: 'ltr', text: 'Starting <now> & soon' },
      { language: 'ar', direction: 'rtl', text: 'جارٍ التشغيل' },
    ],
  });

  it('puts the variants and the skeleton before #root, which stays empty for the app', () => {
    expect(html).toContain(
      '<div id="first-screen" class="first-screen">' +
        '<div class="first-screen-night first-screen-night--short first-screen-night--en" lang="en" dir="ltr">' +
        '<main>short $& night</main></div>' +
        '<div class="first-screen-night first-screen-night--tall first-screen-night--en" lang="en" dir="ltr">',
    );
    // Each variant carries its language and direction (the head script sets them on <html> too).
    expect(html).toContain(
      '<div class="first-screen-night first-screen-night--short first-screen-night--ar" lang="ar" dir="rtl"><main>ليلة</main></div>',
    );
    expect(html).toContain(`<div class="first-screen-skeleton" aria-busy="true">${skeletonHtml('Leaseline')}</div>`);
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf('<div id="root"></div>'));
  });

  it('writes the starting status after the first screen, outside it, in each language, as text', () => {
    const status =
      '<div id="first-screen-status" class="notice notice--toast first-screen-status" role="status">' +
      '<p lang="en" dir="ltr">Starting &lt;now&gt; &amp; soon</p><p lang="ar" dir="rtl">جارٍ التشغيل</p></div>';
    expect(html).toContain(status);
    // Not inside #first-screen (inert and aria-hidden while it stands), and before #root.
    const firstScreen = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf(status));
    expect(firstScreen.split('<div').length).toBe(firstScreen.split('</div>').length);
    expect(html.indexOf(status)).toBeLessThan(html.indexOf('<div id="root"></div>'));
  });

  it('loads the script that picks one in the head, before the app and the stylesheet', () => {
    expect(html).toContain('</title>\n    <script src="/assets/first-screen-0123456789.js"></script>');
    expect(html.indexOf('first-screen-0123456789.js')).toBeLessThan(html.indexOf('/assets/index.js'));
  });

  it('refuses a page it cannot write into', () => {
    const parts = { nights: [], brand: 'Leaseline', scriptPath: '/x.js', starting: [] };
    expect(() => withFirstScreen('<html><title>t</title></html>', parts)).toThrow(/#?root/);
  });

  it('writes no night into the skeleton, and escapes the brand', () => {
    expect(skeletonHtml('A <b> & C')).toContain('A &lt;b&gt; &amp; C');
    expect(skeletonHtml('Leaseline')).not.toMatch(/token|replica|Unsafe/i);
  });
});
