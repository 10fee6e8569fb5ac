/**
 * `npm run bench` (part): how long one `leaseline check` takes from start to exit, written to
 * bench-results/cli.json and printed. Three ways to run the same check on the fenced flagship
 * (S07 fencing on), taken in turn in the same run so a busy machine slows them alike:
 * - built: `leaseline check` as `npm link` or `npm install -g` installs it (bin/leaseline.mjs on
 *   dist-cli/leaseline.mjs, plain JavaScript; run from another folder), goal < 1 s;
 * - npx: `npx leaseline check` in the project folder (the built command plus npm's own start);
 * - npm run: `npm run --silent leaseline -- check`, tsx compiling the sources, as before the bin.
 * Each is run once to warm the file cache, then ROUNDS times; the figures are medians, and the
 * ratios are npm run's median over the others'. Every run must print the same bytes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile } from './quantile';

const ROUNDS = 9;
const ROOT = join(import.meta.dirname, '..');

function spawnText(command: string, args: readonly string[], cwd: string): { status: number | null; stdout: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout };
}

const built = spawnText(process.execPath, ['scripts/build-cli.mjs', '--quiet'], ROOT);
if (built.status !== 0) throw new Error('scripts/build-cli.mjs failed');
const folder = mkdtempSync(join(tmpdir(), 'leaseline-bench-cli-'));
try {
  const preset = spawnText(process.execPath, ['bin/leaseline.mjs', 'preset', 's07-fencing-on'], ROOT);
  const file = join(folder, 's07-fencing-on.json');
  writeFileSync(file, preset.stdout);
  const ways = {
    built: { command: process.execPath, args: [join(ROOT, 'bin', 'leaseline.mjs'), 'check', file], cwd: folder },
    npx: { command: 'npx', args: ['leaseline', 'check', file], cwd: ROOT },
    npmRun: { command: 'npm', args: ['run', '--silent', 'leaseline', '--', 'check', file], cwd: ROOT },
  };
  const samplesMs: Record<keyof typeof ways, number[]> = { built: [], npx: [], npmRun: [] };
  let expected: string | null = null;
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [name, way] of Object.entries(ways) as [keyof typeof ways, (typeof ways)['built']][]) {
      const startMs = performance.now();
      const run = spawnText(way.command, way.args, way.cwd);
      const tookMs = performance.now() - startMs;
      expected ??= run.stdout;
      if (run.status !== 0 || run.stdout !== expected) throw new Error(`${name}: another answer than the first run's`);
      if (round > 0) samplesMs[name].push(tookMs);
    }
  }
  const median = (name: keyof typeof ways) => Math.round(quantile(samplesMs[name], 0.5));
  const figures = {
    node: process.version,
    check: 's07-fencing-on',
    rounds: ROUNDS,
    builtCheckMedianMs: median('built'),
    npxCheckMedianMs: median('npx'),
    npmRunCheckMedianMs: median('npmRun'),
    npmRunToBuilt: Number((median('npmRun') / median('built')).toFixed(2)),
    npmRunToNpx: Number((median('npmRun') / median('npx')).toFixed(2)),
    builtToNpmRun: Number((median('built') / median('npmRun')).toFixed(2)),
  };
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results', 'cli.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('Leaseline command start-to-exit benchmark (this machine), one check of S07 fencing on');
  console.log(`  built (leaseline, as linked or installed): median ${figures.builtCheckMedianMs} ms (goal < 1000 ms)`);
  console.log(`  npx leaseline in the project: median ${figures.npxCheckMedianMs} ms`);
  console.log(
    `  npm run --silent leaseline --: median ${figures.npmRunCheckMedianMs} ms: ${figures.npmRunToBuilt}x the built command, ${figures.npmRunToNpx}x npx`,
  );
  console.log('  written to bench-results/cli.json');
} finally {
  rmSync(folder, { recursive: true, force: true });
}
