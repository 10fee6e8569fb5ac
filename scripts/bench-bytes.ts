/**
 * `npm run bench` (and `npm test`'s size check): what the page loads, in bytes. Builds the app
 * and an empty Vite + React page (bench/baseline) and writes the gzip size of each one's
 * initial JavaScript (what the first paint may wait for; scripts/initialJs.ts) and their ratio,
 * and the app's take-over JavaScript (what it loads after the first paint to take the
 * prerendered first screen over), to bench-results/bytes.json. Bytes do not depend on the
 * machine's speed or load, so `npm test` may hold them to a limit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { initialJsGzipBytes, takeOverJsGzipBytes } from './initialJs';
import { APP_DIR, BASELINE_DIR, buildAppAndBaseline } from './previewServer';

buildAppAndBaseline();
const app = initialJsGzipBytes(APP_DIR);
const baseline = initialJsGzipBytes(BASELINE_DIR);
const takeOver = takeOverJsGzipBytes(APP_DIR);
const figures = {
  initialJsGzipBytes: { app, baseline, ratio: Math.round((app / baseline) * 100) / 100 },
  takeOverJsGzipBytes: { app: takeOver },
};
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/bytes.json', `${JSON.stringify(figures, null, 2)}\n`);
console.log('Leaseline first load (bytes, gzip)');
console.log(`  initial JS gzip  app ${app} B, empty Vite+React ${baseline} B (${figures.initialJsGzipBytes.ratio}x)`);
console.log(`  take-over JS gzip app ${takeOver} B (loaded after the first paint)`);
console.log('  written to bench-results/bytes.json');
