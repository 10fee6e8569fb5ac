import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

/**
 * The browser suite: a small real-browser check of the wiring (docs/style.md rule 11).
 *
 * Chromium is Debian's package at /usr/bin/chromium (scripts/ensure-chromium.mjs installs
 * it); Playwright never downloads a browser here (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1, and
 * `playwright install` must not be run). The app is built into .tmp/e2e-dist, so a
 * concurrent `npm run build` into dist/ cannot race it, then served by `vite preview` on a
 * fixed port. The binaries are started directly from node_modules/.bin so that Playwright
 * stops the real server, not an npx wrapper (docs/toolchain.md trap 5).
 */
const port = Number(process.env.LEASELINE_E2E_PORT ?? 4319);
// Both overridable so that two people (or two checkouts) can run the browser suite at once.
const outDir = process.env.LEASELINE_E2E_DIST ?? '.tmp/e2e-dist';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two cores: one worker for the browser, one left for the preview server.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous on purpose: a test fails for what it checks, never because a slow or busy machine
  // took longer (speed goals live in `npm run bench`, never in the browser suite).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command:
      `node_modules/.bin/vite build --outDir ${outDir} --emptyOutDir --logLevel warn && ` +
      `node_modules/.bin/vite preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
