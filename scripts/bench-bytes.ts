/**
 * `npm run bench` (and `npm test`'s size check): what the page loads first, in bytes. Builds
 * the app and an empty Vite + React page (bench/baseline) and writes the gzip size of each one's
 * initial JavaScript (scripts/initialJs.ts) and their ratio to bench-results/bytes.json. Bytes
 * do not depend on the machine's speed or load, so `npm test` may hold them to a limit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { initialJsGzipBytes } from './initialJs';
import { APP_DIR, BASELINE_DIR, buildAppAndBaseline } from './previewServer';

buildAppAndBaseline();
const app = initialJsGzipBytes(APP_DIR);
const baseline = initialJsGzipBytes(BASELINE_DIR);
const figures = { initialJsGzipBytes: { app, baseline, ratio: Math.round((app / baseline) * 100) / 100 } };
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/bytes.json', `${JSON.stringify(figures, null, 2)}\n`);
console.log('Leaseline first load (bytes, gzip)');
console.log(`  initial JS gzip  app ${app} B, empty Vite+React ${baseline} B (${figures.initialJsGzipBytes.ratio}x)`);
console.log('  written to bench-results/bytes.json');
