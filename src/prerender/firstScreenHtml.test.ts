import { describe, expect, it } from 'vitest';
import { skeletonHtml, withFirstScreen } from './firstScreenHtml';

const BUILT =
  '<html><head><title>Leaseline</title><script type="module" src="/assets/index.js"></script>' +
  '<link rel="stylesheet" href="/assets/page.css"></head>' +
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

  it('opens the head with the stylesheet, then the script that picks one, then the app', () => {
    // A classic script stops the parser while it loads: before the stylesheet's link, it held
    // back the request for the stylesheet the first paint waits on, and the app's module
    // script, asked for first, went ahead of it too (docs/performance.md).
    expect(html).toContain(
      '<title>Leaseline</title>\n    <link rel="stylesheet" href="/assets/page.css">\n    ' +
        '<script src="/assets/first-screen-0123456789.js"></script><script type="module" src="/assets/index.js"></script>',
    );
    expect(html.match(/page\.css/g)).toHaveLength(1);
    expect(html.match(/first-screen-0123456789\.js/g)).toHaveLength(1);
  });

  it('refuses a page it cannot write into', () => {
    const parts = { nights: [], brand: 'Leaseline', scriptPath: '/x.js', starting: [] };
    expect(() => withFirstScreen('<html><head><title>t</title></head></html>', parts)).toThrow(/#?root/);
    expect(() => withFirstScreen('<html><body><div id="root"></div></body></html>', parts)).toThrow(/title/);
  });

  it('writes no night into the skeleton, and escapes the brand', () => {
    expect(skeletonHtml('A <b> & C')).toContain('A &lt;b&gt; &amp; C');
    expect(skeletonHtml('Leaseline')).not.toMatch(/token|replica|Unsafe/i);
  });
});
