// `npm test`: every check the project has, in order, with one closing line for CI.
//
//   1. typecheck  tsc --noEmit -p .            counts as one check
//   2. lint       biome ci .                   counts as one check (format + lint + layer rules)
//   3. unit       vitest run                   counts its tests (unit + property + dom; after ensuring redis-server, etcd and etcdctl, ZooKeeper)
//   4. browser    playwright test              counts its tests (after ensuring Chromium)
//   5. budget     bench-bytes + bench (engine)  counts the machine-independent limits of
//                 then budget --machine-independent  perf-budget.json: bytes and same-run ratios
//                 (LEASELINE_SKIP_BENCH=1 skips it, e.g. while iterating on tests)
//   6. leftovers  scripts/check-leftovers.ts   counts as one check: every suite ran with a
//                 temporary folder of its own (TMPDIR) and a marker in its environment;
//                 nothing of ours may be left in that folder, nor any process running
//
// Nothing measured in absolute time decides pass or fail here: a slow laptop or a busy CI
// runner must not fail the suite while the code is fine. `npm run bench` then `npm run budget`
// hold the absolute speed goals.
//
// Every suite runs even when an earlier one failed, so one run shows everything that is
// wrong. Each tool streams its own output; vitest and Playwright also write a JSON report to
// .tmp/ that we read to count. CI reads the closing line of known runners only, and these are
// not among them (docs/toolchain.md trap 8), so the last line printed is always `N passed, N failed`
// summed over every suite; the exit code is non-zero when anything failed or no test ran.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureEtcd } from './ensure-etcd.mjs';
import { ensureRedisServer } from './ensure-redis-server.mjs';
import { ensureZookeeper } from './ensure-zookeeper.mjs';

const bin = (name) => join('node_modules', '.bin', name);
const reportDir = '.tmp';
const vitestReport = join(reportDir, 'vitest-results.json');
const playwrightReport = join(reportDir, 'playwright-results.json');

/** Runs a command with streamed output; returns its exit status (null if it did not start). */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) console.error(`${command}: ${result.error.message}`);
  return result.error ? null : result.status;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** A tool that is one check: passed or failed by its exit status. */
function oneCheck(command, args) {
  const status = run(command, args);
  return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit ${status}` };
}

function unitSuite() {
  // The replays' servers (Redis; etcd and etcdctl; ZooKeeper); when one cannot be had, its replay's own failure says why.
  ensureRedisServer();
  ensureEtcd();
  ensureZookeeper();
  rmSync(vitestReport, { force: true });
  const status = run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
  const report = readJson(vitestReport);
  if (!report) return { passed: 0, failed: 1, note: `no JSON report (exit ${status})` };
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  let note;
  // A file that fails to load has no failed test but fails the run: count it.
  if (status !== 0 && failed === 0) {
    failed = Math.max(1, report.numFailedTestSuites ?? 0);
    note = `vitest exited ${status} with ${failed} failed suite(s)`;
  }
  if (passed + failed === 0) return { passed: 0, failed: 1, note: 'no unit test ran' };
  return { passed, failed, note };
}

function browserSuite() {
  if (!ensureChromium()) return { passed: 0, failed: 1, note: 'Chromium is not available' };
  rmSync(playwrightReport, { force: true });
  const status = run(bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
  const report = readJson(playwrightReport);
  if (!report) return { passed: 0, failed: 1, note: `no JSON report (exit ${status})` };
  const stats = report.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let failed = stats.unexpected ?? 0;
  let note = stats.flaky ? `${stats.flaky} flaky` : undefined;
  // The web server failing to start, or an error outside any test, fails no single test.
  if (status !== 0 && failed === 0) {
    failed = 1;
    note = `playwright exited ${status}: ${(report.errors ?? []).map((e) => e.message).join('; ') || 'see above'}`;
  }
  if (passed + failed === 0) return { passed: 0, failed: 1, note: 'no browser test ran' };
  return { passed, failed, note };
}

const budgetReport = join(reportDir, 'budget-results.json');

/** The first load's bytes and the engine's same-run ratios, then each of their limits as one check. */
function budgetSuite() {
  rmSync(budgetReport, { force: true });
  for (const script of ['scripts/bench-bytes.ts', 'scripts/bench.ts']) {
    const status = run(bin('tsx'), [script]);
    if (status !== 0) return { passed: 0, failed: 1, note: `${script} exited ${status}` };
  }
  run(bin('tsx'), ['scripts/check-budget.ts', '--machine-independent']);
  const report = readJson(budgetReport);
  if (!report) return { passed: 0, failed: 1, note: 'no budget report' };
  return {
    passed: report.passed,
    failed: report.failed,
    note: report.failed ? 'a figure is over its limit' : undefined,
  };
}

// Open to every user, as /tmp is: as root, the embedded PostgreSQL runs as the postgres user.
const runTmp = mkdtempSync(join(tmpdir(), 'leaseline-test-run-'));
chmodSync(runTmp, 0o1777);
const marker = `LEASELINE_SUITE_RUN=${process.pid}-${Date.now().toString(36)}`;
const [markerName, markerValue] = marker.split('=');
process.env.TMPDIR = runTmp;
process.env[markerName] = markerValue;

/** Run without the marker, so the check does not find itself. */
function leftoversCheck() {
  const { [markerName]: _marker, ...env } = process.env;
  const result = spawnSync(bin('tsx'), ['scripts/check-leftovers.ts', runTmp, marker], { stdio: 'inherit', env });
  return result.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: 'see "left" above' };
}

const suites = [
  { name: 'typecheck', label: 'tsc --noEmit -p .', go: () => oneCheck(bin('tsc'), ['--noEmit', '-p', '.']) },
  { name: 'lint', label: 'biome ci .', go: () => oneCheck(bin('biome'), ['ci', '.']) },
  { name: 'unit', label: 'vitest run', go: unitSuite },
  { name: 'browser', label: 'playwright test', go: browserSuite },
  ...(process.env.LEASELINE_SKIP_BENCH === '1'
    ? []
    : [{ name: 'budget', label: 'bytes and same-run ratios of perf-budget.json', go: budgetSuite }]),
  { name: 'leftovers', label: 'nothing left in the temp folder or running', go: leftoversCheck },
];

mkdirSync(reportDir, { recursive: true });
const results = [];
for (const suite of suites) {
  console.log(`\n=== ${suite.name}: ${suite.label} ===\n`);
  const startedMs = performance.now();
  const outcome = suite.go();
  const seconds = ((performance.now() - startedMs) / 1000).toFixed(1);
  results.push({ ...suite, ...outcome, seconds });
  const verdict = outcome.failed === 0 ? 'ok' : 'FAILED';
  console.log(`\n--- ${suite.name}: ${verdict}, ${outcome.passed} passed, ${outcome.failed} failed, ${seconds} s`);
}

rmSync(runTmp, { recursive: true, force: true });

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);

console.log('\n=== summary ===');
for (const r of results) {
  const verdict = r.failed === 0 ? 'ok    ' : 'FAILED';
  const note = r.note ? `  (${r.note})` : '';
  console.log(
    `${verdict} ${r.name.padEnd(10)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${r.seconds.padStart(6)} s${note}`,
  );
}
if (!existsSync(vitestReport) || !existsSync(playwrightReport)) {
  console.log('(a suite produced no JSON report: its tool did not run to the end)');
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
