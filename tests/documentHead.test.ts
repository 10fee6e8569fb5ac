/**
 * The page's head before the app runs (index.html) is the English the translation layer
 * writes there at run time, so the first paint, crawlers and a switch back to English agree;
 * the install manifest says which language its words are in.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Read as files: nothing imports app/, which is the top layer.
const en = JSON.parse(readFileSync(new URL('../src/app/i18n/en.json', import.meta.url), 'utf8')) as {
  app: { documentTitle: string; metaDescription: string };
};
const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
const viteConfig = readFileSync(new URL('../vite.config.ts', import.meta.url), 'utf8');

describe('the document head', () => {
  it('starts with the English title and description that switchLanguage writes', () => {
    expect(html).toContain(`<title>${en.app.documentTitle}</title>`);
    expect(html).toContain(`<meta name="description" content="${en.app.metaDescription}" />`);
    expect(html).toContain('<html lang="en">');
  });

  it('declares the manifest English and left to right', () => {
    expect(viteConfig).toMatch(/manifest: \{[^}]*lang: 'en',\s*dir: 'ltr',/s);
  });
});
