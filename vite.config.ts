import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  CSP_EMBED_HEADER,
  CSP_META,
  EMBED_PATHS,
  SECURITY_HEADERS,
  securityHeadersFor,
} from './contentSecurityPolicy.ts';
import { firstScreenPlugin } from './scripts/firstScreenPlugin.ts';

/**
 * Writes the Content-Security-Policy into the built index.html, and the security headers into
 * `_headers` (the format Netlify and Cloudflare Pages read) for static hosting.
 */
function securityForStaticHosting(): Plugin {
  return {
    name: 'leaseline-security',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_META }, injectTo: 'head-prepend' },
    ],
    generateBundle() {
      const lines = Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
      // The embed may be framed: its rule detaches the app's policy (`! name`, Cloudflare Pages'
      // syntax) and sets its own. docs/embed.md says what other hosts need.
      const embed = EMBED_PATHS.map(
        (path) => `${path}\n  ! Content-Security-Policy\n  Content-Security-Policy: ${CSP_EMBED_HEADER}\n`,
      );
      this.emitFile({ type: 'asset', fileName: '_headers', source: `/*\n${lines.join('\n')}\n${embed.join('')}` });
    },
  };
}

/** `npm start` and the browser suite: each response gets its path's headers (the embed may be framed). */
function securityHeadersInPreview(): Plugin {
  return {
    name: 'leaseline-security-preview',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        for (const [name, value] of Object.entries(securityHeadersFor(request.url ?? '/')))
          response.setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * Modules kept out of the shared chunk: what only the embed's first load needs. The shared
 * chunk is the app's code that the embed starts with too; the app's page loads it after its
 * first paint (boot.ts, through main.tsx).
 */
const EMBED_ONLY =
  /\/src\/app\/embed\/|\/i18n\/en\.embed\.json|embed\.html|\/src\/model\/shareLink|\/node_modules\/fflate\//;
/**
 * The page's entry (index.html's src/app/boot.ts) and what it runs before the first paint:
 * kept out of the shared chunk, which the entry would otherwise import, so the whole app
 * would load and run before the prerendered first screen is painted.
 */
const PAGE_ENTRY = /index\.html|\/src\/app\/(boot\.ts|firstScreen\/)/;
/**
 * Vite's own helpers, which the entry imports (the modulepreload polyfill) or calls (the
 * helper behind a dynamic `import()`): a chunk of their own, for the same reason.
 */
const BOOT_HELPERS = /vite\/(preload-helper|modulepreload-polyfill)/;
/**
 * The stylesheets the first screen is drawn with (boot.ts imports them, in the order the app
 * always had them): one stylesheet that index.html links, render-blocking, so the first paint
 * is styled. Left to the bundler, the
 * chart's and the panels' went with the shared chunk, which the page then had to import.
 */
const FIRST_PAINT_STYLES =
  /\/src\/app\/(styles|lessons\/lessons|present\/present|course\/course|measured\/measured|panels\/panels|chart\/chart|explorer\/explorer)\.css$|\/src\/timeline\/timeline\.css$|\/@fontsource\/inter\/latin-(400|700)\.css$/;
/** The share-link codec: fflate and what reads and writes links with it. */
const SHARE_LINK_CODEC = /\/node_modules\/fflate\/|\/src\/model\/(shareLink|boundedInflate|base64url)\.ts/;

/**
 * The statement renderers (SQL, etcdctl, zkCli lines): only a chosen write's statements and
 * the EX04 view show them, both on demand; left to the bundler they fell into the first chunk.
 */
const STATEMENT_RENDERERS = /\/src\/sim\/(sqlStatement|consensusCommand)\.ts/;

/**
 * The app build. `npm start` builds and serves it at http://localhost:5173/ with the security
 * headers (contentSecurityPolicy.ts); `npm run dev` serves the sources with hot reload and no
 * CSP. The browser suite tests a build served by `vite preview`, headers included.
 */
export default defineConfig({
  plugins: [
    react(),
    securityForStaticHosting(),
    securityHeadersInPreview(),
    // The first screen drawn into index.html at build time (src/prerender/), before any script.
    firstScreenPlugin(),
    // Offline: a service worker precaches the built app (registered by src/app/offline); a new
    // version waits for the person, never reloading the page by itself (`prompt`).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // A manifest has one language, read once when the app is installed: it stays English
      // (the name is the product's in every language), and says so with lang and dir. The
      // page's title and description follow the interface language at run time (switchLanguage).
      manifest: {
        name: 'Leaseline',
        short_name: 'Leaseline',
        description: 'A browser playground for distributed locks, leases and fencing tokens.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0072b2',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,json}'],
        globIgnores: ['**/_headers'],
        navigateFallback: '/index.html',
        // The embed is its own page with its own headers, never the app's fallback.
        navigateFallbackDenylist: [/^\/embed(\.html)?$/],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: { port: 5173, strictPort: true },
  // The security headers come from securityForStaticHosting's middleware, path by path.
  preview: { port: 5173, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    // elkjs's chunk (1.5 MB, loaded with the statechart) is over any sensible warning limit;
    // perf-budget.json guards what the page loads first.
    chunkSizeWarningLimit: 1600,
    // The app's code the two pages share is one chunk: left alone, the bundler splits off the
    // modules the on-demand parts share with it into a dozen small preloaded chunks, more
    // requests and more bytes (gzip compresses each alone). docs/performance.md has the figures.
    rolldownOptions: {
      // Two pages: the app, and an embedded night for lesson pages (src/app/embed, docs/embed.md).
      input: { index: 'index.html', embed: 'embed.html' },
      output: {
        // The page's entry, Vite's helpers and the first screen's stylesheets come first, each
        // group alone (PAGE_ENTRY); the app's chunk follows the first paint. The embed's own
        // modules stay out of that chunk too: the embed loads it first (it reuses the app's
        // drawing, verdict and words), with its own chunk beside.
        // The share-link codec (fflate) is a chunk of its own, loaded on demand by the app and
        // first by the embed: left to the bundler it fell into the app's first chunk.
        codeSplitting: {
          groups: [
            { name: 'boot', test: BOOT_HELPERS, priority: 3, includeDependenciesRecursively: false },
            { name: 'page', test: FIRST_PAINT_STYLES, priority: 3, includeDependenciesRecursively: false },
            { name: 'shareLinkCodec', test: SHARE_LINK_CODEC, priority: 2, includeDependenciesRecursively: false },
            { name: 'statements', test: STATEMENT_RENDERERS, priority: 2, includeDependenciesRecursively: false },
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !EMBED_ONLY.test(id) && !PAGE_ENTRY.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
