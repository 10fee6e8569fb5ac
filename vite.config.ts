import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CSP_META, SECURITY_HEADERS } from './contentSecurityPolicy';

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
  plugins: [react(), securityForStaticHosting()],
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true, headers: { ...SECURITY_HEADERS } },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
