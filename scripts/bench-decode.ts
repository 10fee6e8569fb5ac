/**
 * `npm run bench` (decoding): how long the page takes to open a share link, over the links a
 * class throws at it: every preset's, the largest scenario the format allows (9 replicas, 500
 * events), damaged ones, and a decompression bomb. Each link is decoded many times; the figure
 * is the 99th percentile of single decodes, in ms, written to bench-results/decode.json.
 * Goal (issue 7): p99 under 50 ms.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'fflate';
import { encodeBase64Url } from '../src/model/base64url';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { buildShareLink, decodeShareFragment } from '../src/model/shareLink';
import { PRESETS } from '../src/presets/catalogue';
import { quantile } from './quantile';

/** The largest night the format allows: nine replicas and 500 events with labels. */
function largestDocument(): ScenarioDocument {
  const replicas = Array.from({ length: 9 }, (_, index) => ({ id: `R${index}` }));
  const events = Array.from({ length: 500 }, (_, index) => ({
    type: 'pause',
    replica: `R${index % 9}`,
    at: `02:${String(Math.floor(index / 60) % 60).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}`,
    for: '5s',
    label: `pause number ${index} with a label of some length`,
  }));
  return {
    format: 'leaseline/scenario',
    version: 1,
    window: { from: '02:00:00', to: '03:00:00' },
    replicas,
    events,
  } as unknown as ScenarioDocument;
}

const valid = [
  ...PRESETS.map((preset) => buildShareLink(preset.document as ScenarioDocument)),
  buildShareLink(largestDocument()),
];
// Damaged: cut in half, a character changed in the middle; and 64 MiB of zeros deflated.
const damaged = valid.flatMap((link) => [
  link.slice(0, Math.floor(link.length / 2)),
  `${link.slice(0, link.length - 40)}A${link.slice(link.length - 39)}`,
]);
const bomb = `http://localhost:5173/#s=1.${encodeBase64Url(deflateSync(new Uint8Array(64 * 1024 * 1024), { level: 9 }))}`;
const links = [...valid, ...damaged, bomb];

for (let warm = 0; warm < 3; warm++) for (const link of links) decodeShareFragment(link);
const samplesMs: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const link of links) {
    const startMs = performance.now();
    decodeShareFragment(link);
    samplesMs.push(performance.now() - startMs);
  }
}
const largestMs: number[] = [];
const largestLink = valid.at(-1) ?? '';
for (let round = 0; round < 50; round++) {
  const startMs = performance.now();
  decodeShareFragment(largestLink);
  largestMs.push(performance.now() - startMs);
}
const figures = {
  links: links.length,
  decodes: samplesMs.length,
  decodeP50Ms: Number(quantile(samplesMs, 0.5).toFixed(3)),
  decodeP99Ms: Number(quantile(samplesMs, 0.99).toFixed(3)),
  largestLinkChars: largestLink.length,
  largestDecodeP50Ms: Number(quantile(largestMs, 0.5).toFixed(3)),
};
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/decode.json', `${JSON.stringify(figures, null, 2)}\n`);
console.log('Leaseline share-link decoding (this machine)');
console.log(`  ${figures.decodes} decodes of ${figures.links} links (presets, largest, damaged, a bomb)`);
console.log(`  p50 ${figures.decodeP50Ms} ms, p99 ${figures.decodeP99Ms} ms   (goal p99 < 50 ms)`);
console.log(`  largest scenario link (${figures.largestLinkChars} chars): p50 ${figures.largestDecodeP50Ms} ms`);
console.log('  written to bench-results/decode.json');
