import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * Unit and property tests. Two projects so each file gets the right environment without
 * per-file comments: plain `*.test.ts(x)` run in Node (the engine has no DOM, and the lint
 * layer rules keep it that way); `*.dom.test.tsx` run in happy-dom for React components.
 * Browser wiring is tested by Playwright in e2e/, never here.
 */
const domTests = 'src/**/*.dom.test.tsx';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
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
  }),
);
