import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { CSP_META, SECURITY_HEADERS } from './contentSecurityPolicy.ts';

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
      this.emitFile({ type: 'asset', fileName: '_headers', source: `/*\n${lines.join('\n')}\n` });
    },
  };
}

/**
 * The app build. `npm start` builds and serves it at http://localhost:5173/ with the security
 * headers (contentSecurityPolicy.ts); `npm run dev` serves the sources with hot reload and no
 * CSP. The browser suite tests a build served by `vite preview`, headers included.
 */
export default defineConfig({
  plugins: [
    react(),
    securityForStaticHosting(),
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
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true, headers: { ...SECURITY_HEADERS } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // elkjs's chunk (1.5 MB, loaded with the statechart) is over any sensible warning limit;
    // perf-budget.json guards what the page loads first.
    chunkSizeWarningLimit: 1600,
    // Everything the entry imports statically is one chunk: left alone, the bundler splits off
    // the modules the on-demand parts share with it into a dozen small preloaded chunks, more
    // requests and more bytes (gzip compresses each alone). docs/performance.md has the figures.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
