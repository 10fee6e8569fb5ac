/**
 * Leaseline's Content-Security-Policy: scripts only from the app's own origin (no inline
 * script, no eval), nothing embedded from elsewhere, no plugins, not framed. Styles come from
 * the built stylesheet; inline `style` attributes are allowed (the SVG export sets them on
 * its copy of the chart) but inline `<style>` and script are not. Images may be `blob:` and
 * `data:` (the PNG export draws the chart through one).
 *
 * Served as a header by `npm start` (`vite preview`), written into the built index.html and
 * embed.html as a `<meta>` for static hosting (`frame-ancestors` only works as a header: the
 * built `_headers`), and checked in Chromium by e2e/security.spec.ts and e2e/embed.spec.ts.
 * embed.html alone may be framed, by any page (CSP_EMBED_HEADER). Not applied by `npm run dev`: Vite's hot reload
 * needs an inline script.
 */
const DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['style-src-attr', "'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['worker-src', "'self'"],
  ['manifest-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
];

const render = (directives: readonly (readonly [string, string])[]) =>
  directives.map(([name, value]) => `${name} ${value}`).join('; ');

/** For a `<meta http-equiv>`: everything but what a meta tag cannot carry. */
export const CSP_META = render(DIRECTIVES);

/** For the HTTP header: the same, and the page may not be framed. */
export const CSP_HEADER = render([...DIRECTIVES, ['frame-ancestors', "'none'"]]);

/**
 * For embed.html alone (an embedded night, docs/embed.md): the same policy, but any page may
 * frame it; that is what it is for. The app's own page keeps `frame-ancestors 'none'`.
 */
export const CSP_EMBED_HEADER = render([...DIRECTIVES, ['frame-ancestors', '*']]);

/** The embed's address, with or without the extension some static hosts drop. */
export const EMBED_PATHS: readonly string[] = ['/embed.html', '/embed'];

/** Headers `npm start` sends with every response (and _headers repeats for hosts). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Pure: the headers for a request's path (`/embed.html?x` counts as the embed). */
export function securityHeadersFor(path: string): Readonly<Record<string, string>> {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return EMBED_PATHS.includes(pathname)
    ? { ...SECURITY_HEADERS, 'Content-Security-Policy': CSP_EMBED_HEADER }
    : SECURITY_HEADERS;
}
