/**
 * `npm run bench` (part): `leaseline verify` (src/verify/), written to bench-results/verify.json
 * and printed. On the fenced flagship (S07 fencing on, `--fresh`), where nothing breaks, so
 * every night within the bounds is checked:
 * - nights covered per second of CPU by verify on one thread, against nights per second of CPU
 *   that `search` simulates one by one on the same design in the same run:
 *   `verifyToSearchNightsPerSecond` (goal >= 20);
 * - `simulations` against `nightsCovered` (what sharing and merging saved);
 * - wall time with `--workers 2` against one thread, the same bounds, the same run (goal >= 1.6x
 *   on an idle two-core machine: on a busy one the second thread has no core to run on);
 * - with LEASELINE_BENCH_VERIFY_DEFAULT=1, also the default bounds (about 1.9 million nights;
 *   minutes, so not by default): one thread's wall and CPU time, its nights per CPU second
 *   against search's (the issue's own definition of the ratio), and two threads' wall time.
 * The bounds of the ratios: a one-minute grid, the default lengths and two faults (52,651 nights).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { exploreInThreads } from '../src/cli/verifyThreads';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { findPreset } from '../src/presets/catalogue';
import { findFailure } from '../src/search/findFailure';
import { VERIFY_BOUNDS_DEFAULT } from '../src/verify/verifyBounds';
import { type VerifyOptions, type VerifyResult, verifyDesign } from '../src/verify/verifyDesign';

const SEARCH_NIGHTS = 1500;

const document = findPreset('s07-fencing-on')?.document as ScenarioDocument;
if (!document) throw new Error('no preset s07-fencing-on');

function timed<T>(run: () => T): { value: T; cpuMs: number; wallMs: number } {
  const cpu = process.cpuUsage();
  const wallStartMs = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wallStartMs };
}

const bounds: VerifyOptions = { ...VERIFY_BOUNDS_DEFAULT, gridMs: 60_000, fresh: true, countAll: false };
const safe = (result: VerifyResult) => {
  if (result.verdict !== 'safe') throw new Error('the fenced flagship broke: the figures would be wrong');
  return result;
};

findFailure(document, { budget: 200, seed: 99, fresh: true });
const search = timed(() => findFailure(document, { budget: SEARCH_NIGHTS, seed: 1, fresh: true }));
if (search.value.found) throw new Error('the fenced flagship broke under search');
const searchPerCpuSecond = SEARCH_NIGHTS / (search.cpuMs / 1000);

const oneThread = timed(() => safe(verifyDesign(document, bounds)));
const verifyPerCpuSecond = oneThread.value.nightsCovered / (oneThread.cpuMs / 1000);
const twoThreads = timed(() =>
  safe(verifyDesign(document, bounds, { explore: exploreInThreads(document, bounds, 2) })),
);
if (JSON.stringify(twoThreads.value) !== JSON.stringify(oneThread.value)) {
  throw new Error('verify on two threads gave another answer than on one');
}

const defaultBounds =
  process.env.LEASELINE_BENCH_VERIFY_DEFAULT === '1'
    ? (() => {
        const options: VerifyOptions = { ...VERIFY_BOUNDS_DEFAULT, fresh: true, countAll: false };
        const one = timed(() => safe(verifyDesign(document, options)));
        const two = timed(() =>
          safe(verifyDesign(document, options, { explore: exploreInThreads(document, options, 2) })),
        );
        const perCpuSecond = one.value.nightsCovered / (one.cpuMs / 1000);
        return {
          nightsCovered: one.value.nightsCovered,
          simulations: one.value.simulations,
          wallMsOneThread: Math.round(one.wallMs),
          cpuMsOneThread: Math.round(one.cpuMs),
          verifyNightsPerCpuSecond: Math.round(perCpuSecond),
          verifyToSearchNightsPerSecond: Number((perCpuSecond / searchPerCpuSecond).toFixed(2)),
          wallMsTwoThreads: Math.round(two.wallMs),
          twoThreadsSpeedup: Number((one.wallMs / two.wallMs).toFixed(2)),
        };
      })()
    : null;

const figures = {
  node: process.version,
  design: 's07-fencing-on, --fresh',
  bounds: 'pause,crash; up to 2 faults; 1m grid; 10s,1m,5m,10m',
  nightsCovered: oneThread.value.nightsCovered,
  simulations: oneThread.value.simulations,
  verifyNightsPerCpuSecond: Math.round(verifyPerCpuSecond),
  searchNightsPerCpuSecond: Math.round(searchPerCpuSecond),
  verifyToSearchNightsPerSecond: Number((verifyPerCpuSecond / searchPerCpuSecond).toFixed(2)),
  oneThreadWallMs: Math.round(oneThread.wallMs),
  twoThreadsWallMs: Math.round(twoThreads.wallMs),
  twoThreadsSpeedup: Number((oneThread.wallMs / twoThreads.wallMs).toFixed(2)),
  defaultBounds,
};
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/verify.json', `${JSON.stringify(figures, null, 2)}\n`);
console.log('Leaseline verify benchmark (this machine)');
console.log(
  `  fenced flagship, ${figures.bounds}: ${figures.nightsCovered} nights, ${figures.simulations} simulations`,
);
console.log(
  `  ${figures.verifyNightsPerCpuSecond} nights/s of CPU against search's ${figures.searchNightsPerCpuSecond}: ${figures.verifyToSearchNightsPerSecond}x (goal >= 20x)`,
);
console.log(
  `  one thread ${figures.oneThreadWallMs} ms, two threads ${figures.twoThreadsWallMs} ms: ${figures.twoThreadsSpeedup}x (goal >= 1.6x, idle machine)`,
);
if (defaultBounds) {
  console.log(
    `  default bounds: ${defaultBounds.nightsCovered} nights, ${defaultBounds.simulations} simulations; one thread ${defaultBounds.wallMsOneThread} ms (goal < 30 s), ${defaultBounds.verifyToSearchNightsPerSecond}x search's nights/s; two threads ${defaultBounds.wallMsTwoThreads} ms (${defaultBounds.twoThreadsSpeedup}x)`,
  );
}
console.log('  written to bench-results/verify.json');
