/**
 * `npm run budget`: compares the figures `npm run bench` wrote to bench-results/ with the
 * limits in perf-budget.json. Prints every figure against its limit; exits 1 when one is
 * crossed or missing, naming the figure, its value and the limit.
 *
 * `--machine-independent` (what `npm test` runs) checks only the limits marked
 * `"dependsOnMachine": false`: bytes and same-run ratios, which a slow or busy machine does not
 * decide. Absolute times are held by `npm run budget` alone.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Limit {
  readonly file: string;
  readonly figure: string;
  readonly max: number;
  readonly unit: string;
  readonly why: string;
  /** True for absolute times: only `npm run budget` holds them, never `npm test`. */
  readonly dependsOnMachine: boolean;
}

const budget = JSON.parse(readFileSync('perf-budget.json', 'utf8')) as { limits: Limit[] };
const machineIndependentOnly = process.argv.includes('--machine-independent');
const unmarked = budget.limits.filter((limit) => typeof limit.dependsOnMachine !== 'boolean');
if (unmarked.length > 0) {
  // Whether `npm test` may hold a limit is a decision, never a default.
  for (const limit of unmarked)
    console.log(`FAILED ${limit.file} ${limit.figure}: says neither "dependsOnMachine": true nor false`);
}
const limits = budget.limits.filter(
  (limit) => typeof limit.dependsOnMachine === 'boolean' && !(machineIndependentOnly && limit.dependsOnMachine),
);

function figureOf(file: string, path: string): number | null {
  const full = join('bench-results', file);
  if (!existsSync(full)) return null;
  let value: unknown = JSON.parse(readFileSync(full, 'utf8'));
  for (const key of path.split('.')) value = (value as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

let crossed = unmarked.length;
for (const limit of limits) {
  const value = figureOf(limit.file, limit.figure);
  const name = `${limit.file.replace('.json', '')}.${limit.figure}`;
  if (value === null) {
    crossed += 1;
    console.log(`FAILED ${name}: no figure (run npm run bench first); limit ${limit.max} ${limit.unit}`);
  } else if (value > limit.max) {
    crossed += 1;
    console.log(`FAILED ${name} = ${value} ${limit.unit}, over the limit of ${limit.max} ${limit.unit} (${limit.why})`);
  } else {
    console.log(`ok     ${name} = ${value} ${limit.unit} (limit ${limit.max} ${limit.unit}: ${limit.why})`);
  }
}
const checked = limits.length + unmarked.length;
const left = budget.limits.length - checked;
console.log(
  `${checked - crossed} within budget, ${crossed} over` +
    (left > 0 ? ` (${left} absolute times left to \`npm run budget\`)` : ''),
);
// For `npm test`'s count: each limit is one check.
mkdirSync('.tmp', { recursive: true });
writeFileSync('.tmp/budget-results.json', JSON.stringify({ passed: checked - crossed, failed: crossed }));
process.exitCode = crossed > 0 ? 1 : 0;
