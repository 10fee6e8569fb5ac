/**
 * `npm run bench` (part): the search for a failing night (src/search/), written to
 * bench-results/search.json and printed.
 * - nights searched per second on the flagship configuration: S07 with fencing on and no
 *   events of its own (`--fresh`), where nothing breaks, so every night of the budget is
 *   tried; on CPU time of this process (one core's work, whatever else the machine runs) and
 *   on the wall clock;
 * - time to the first failure, and to the shrunk night, on the unfenced flagship (S07 fencing
 *   off, fresh) and on the Redis INCR-token night (S10, fresh): medians over seeds 1 to 5.
 * Goals (issue 15): >= 1,000 nights/s on one core; first failure < 2 s.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { findPreset } from '../src/presets/catalogue';
import { findFailure } from '../src/search/findFailure';

const NIGHTS = 1500;
const SEEDS = [1, 2, 3, 4, 5];

function preset(id: string): ScenarioDocument {
  const document = findPreset(id)?.document;
  if (!document) throw new Error(`no preset ${id}`);
  return document as ScenarioDocument;
}

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** CPU ms of this process (user + system) since `start`. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

interface Timing {
  readonly cpuMs: number;
  readonly wallMs: number;
}

function timed(run: () => void): Timing {
  const cpu = process.cpuUsage();
  const wallStartMs = performance.now();
  run();
  return { cpuMs: cpuMsSince(cpu), wallMs: performance.now() - wallStartMs };
}

function throughput(): { cpu: number; wall: number } {
  const document = preset('s07-fencing-on');
  // Warm the engine and the generators up, then one long search.
  findFailure(document, { budget: 200, seed: 99, fresh: true });
  const timing = timed(() => {
    const result = findFailure(document, { budget: NIGHTS, seed: 1, fresh: true });
    if (result.found) throw new Error('the fenced flagship broke: the throughput figure would be wrong');
  });
  return { cpu: NIGHTS / (timing.cpuMs / 1000), wall: NIGHTS / (timing.wallMs / 1000) };
}

interface FirstFailure {
  readonly firstCpuMs: number;
  readonly firstWallMs: number;
  readonly shrunkCpuMs: number;
  readonly shrunkWallMs: number;
  readonly nightsTried: number;
}

function firstFailure(id: string, seed: number): FirstFailure {
  const document = preset(id);
  const cpu = process.cpuUsage();
  const wallStartMs = performance.now();
  // Set from the progress callback when the shrinking starts: the first failing night is known.
  const marks: { first: Timing | null } = { first: null };
  const result = findFailure(document, { budget: 5000, seed, fresh: true }, (progress) => {
    if (progress.phase === 'shrink' && marks.first === null) {
      marks.first = { cpuMs: cpuMsSince(cpu), wallMs: performance.now() - wallStartMs };
    }
  });
  const shrunk = { cpuMs: cpuMsSince(cpu), wallMs: performance.now() - wallStartMs };
  const found = marks.first;
  if (!result.found || found === null) throw new Error(`${id}: no failure found with seed ${seed}`);
  return {
    firstCpuMs: found.cpuMs,
    firstWallMs: found.wallMs,
    shrunkCpuMs: shrunk.cpuMs,
    shrunkWallMs: shrunk.wallMs,
    nightsTried: result.schedulesTried,
  };
}

function medians(id: string) {
  const runs = SEEDS.map((seed) => firstFailure(id, seed));
  const of = (pick: (run: FirstFailure) => number) => Math.round(median(runs.map(pick)));
  return {
    firstFailureCpuMsMedian: of((run) => run.firstCpuMs),
    firstFailureWallMsMedian: of((run) => run.firstWallMs),
    shrunkCpuMsMedian: of((run) => run.shrunkCpuMs),
    shrunkWallMsMedian: of((run) => run.shrunkWallMs),
    firstFailureCpuMsMax: Math.round(Math.max(...runs.map((run) => run.firstCpuMs))),
    nightsTried: runs.map((run) => run.nightsTried),
  };
}

const rate = throughput();
const flagship = medians('s07-fencing-off');
const redisIncr = medians('s10-redis-failover');
const figures = {
  node: process.version,
  nights: NIGHTS,
  flagshipNightsPerCpuSecond: Math.round(rate.cpu),
  flagshipNightsPerWallSecond: Math.round(rate.wall),
  /** The budget's figure: CPU ms per night searched (1 / the rate), lower is better. */
  flagshipCpuMsPerNight: Number((1000 / rate.cpu).toFixed(3)),
  unfencedFlagship: flagship,
  redisIncrToken: redisIncr,
};
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/search.json', `${JSON.stringify(figures, null, 2)}\n`);
console.log('Leaseline search benchmark (this machine)');
console.log(
  `  nights searched, flagship       ${figures.flagshipNightsPerCpuSecond}/s of CPU, ${figures.flagshipNightsPerWallSecond}/s of wall clock (goal >= 1,000/s on one core)`,
);
for (const [name, run] of [
  ['unfenced flagship S07  ', flagship],
  ['Redis INCR token S10   ', redisIncr],
] as const) {
  console.log(
    `  first failure, ${name}${run.firstFailureCpuMsMedian} ms CPU, ${run.firstFailureWallMsMedian} ms wall; shrunk ${run.shrunkCpuMsMedian} ms CPU (medians, seeds 1-5; nights ${run.nightsTried.join(', ')}; goal < 2 s)`,
  );
}
console.log('  written to bench-results/search.json');
