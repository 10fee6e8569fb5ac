/**
 * `npm run bench` (part): `leaseline verify` (src/verify/), written to bench-results/verify.json
 * and printed. On the fenced flagship (S07 fencing on, `--fresh`), where nothing breaks, so
 * every night within the bounds is checked:
 * - nights covered per second of CPU by verify on one thread, against nights per second of CPU
 *   that `search` simulates one by one on the same design in the same run:
 *   `verifyToSearchNightsPerSecond` (goal >= 20);
 * - `simulations` against `nightsCovered` (what sharing and merging saved);
 * - wall time with `--workers 2` against one thread, the same bounds, the same run (goal >= 1.6x
 *   on an idle two-core machine: on a busy one the second thread has no core to run on), and
 *   what the machine itself gives two checks at once: the command run alone, then twice at the
 *   same time as two processes, each checking everything (`twoChecksAtOnceThroughput`, two
 *   checks' work over the pair's time against one's over its own; two threads of one check
 *   cannot beat it, and a core shared with another machine's work lowers it);
 * - with LEASELINE_BENCH_VERIFY_DEFAULT=1, also the default bounds (about 1.9 million nights;
 *   minutes, so not by default): one thread's wall and CPU time, its nights per CPU second
 *   against search's (the issue's own definition of the ratio), and two threads' wall time.
 * The bounds of the ratios: a one-minute grid, the default lengths and two faults (52,651 nights).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** A check as the command runs it on `workers` threads (a long one on threads of its own). */
const check = (options: VerifyOptions, workers: number) =>
  safe(verifyDesign(document, options, { explore: exploreInThreads(document, options, workers) }));

/** Wall ms for `copies` processes of `leaseline verify --workers 1` started together to all end. */
async function checksAtOnce(copies: number, flags: readonly string[]): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'leaseline-bench-verify-'));
  const file = join(folder, 's07-fencing-on.json');
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  try {
    const startMs = performance.now();
    await Promise.all(
      Array.from(
        { length: copies },
        () =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(process.execPath, ['bin/leaseline.mjs', 'verify', file, '--fresh', ...flags], {
              stdio: 'ignore',
            });
            child.on('error', reject);
            child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`verify exited ${code}`))));
          }),
      ),
    );
    return performance.now() - startMs;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Two checks' throughput at once against one alone, medians of `rounds` (alone and together alternating). */
async function twoChecksAtOnceThroughput(flags: readonly string[], rounds: number): Promise<number> {
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const aloneMs = await checksAtOnce(1, flags);
    const pairMs = await checksAtOnce(2, flags);
    ratios.push((2 * aloneMs) / pairMs);
  }
  ratios.sort((a, b) => a - b);
  return Number((ratios[Math.floor(ratios.length / 2)] as number).toFixed(2));
}

const oneThread = timed(() => check(bounds, 1));
const verifyPerCpuSecond = oneThread.value.nightsCovered / (oneThread.cpuMs / 1000);
const twoThreads = timed(() => check(bounds, 2));
if (JSON.stringify(twoThreads.value) !== JSON.stringify(oneThread.value)) {
  throw new Error('verify on two threads gave another answer than on one');
}

const defaultBounds =
  process.env.LEASELINE_BENCH_VERIFY_DEFAULT === '1'
    ? await (async () => {
        const options: VerifyOptions = { ...VERIFY_BOUNDS_DEFAULT, fresh: true, countAll: false };
        const one = timed(() => check(options, 1));
        const two = timed(() => check(options, 2));
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
          twoChecksAtOnceThroughput: await twoChecksAtOnceThroughput([], 1),
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
  twoChecksAtOnceThroughput: await twoChecksAtOnceThroughput(['--grid', '1m'], 3),
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
  `  one thread ${figures.oneThreadWallMs} ms, two threads ${figures.twoThreadsWallMs} ms: ${figures.twoThreadsSpeedup}x (goal >= 1.6x, idle machine; two whole checks at once here: ${figures.twoChecksAtOnceThroughput}x one's throughput)`,
);
if (defaultBounds) {
  console.log(
    `  default bounds: ${defaultBounds.nightsCovered} nights, ${defaultBounds.simulations} simulations; one thread ${defaultBounds.wallMsOneThread} ms (goal < 30 s), ${defaultBounds.verifyToSearchNightsPerSecond}x search's nights/s; two threads ${defaultBounds.wallMsTwoThreads} ms (${defaultBounds.twoThreadsSpeedup}x; two whole checks at once: ${defaultBounds.twoChecksAtOnceThroughput}x one's throughput)`,
  );
}
console.log('  written to bench-results/verify.json');
