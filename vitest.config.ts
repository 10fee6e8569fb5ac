import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Unit and property tests. Two projects so each file gets the right environment without
 * per-file comments: plain `*.test.ts(x)` run in Node (the engine has no DOM, and the lint
 * layer rules keep it that way); `*.dom.test.tsx` run in happy-dom for React components.
 * Browser wiring is tested by Playwright in e2e/, never here.
 *
 * Standalone rather than merged with vite.config.ts: importing that file without its `.ts`
 * extension is deprecated by Vite's native config loader, and tsconfig does not allow
 * `.ts` extensions in imports. The only shared setting is the React plugin.
 */
const domTests = 'src/**/*.dom.test.tsx';

export default defineConfig({
  plugins: [react()],
  test: {
    // Generous on purpose: a test fails for what it checks, never because a slow or busy
    // machine took longer than Vitest's 5 s default (speed goals live in `npm run bench`).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
          exclude: [domTests, '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: [domTests],
        },
      },
    ],
  },
});
