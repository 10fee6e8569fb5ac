/**
 * `npm run budget`: compares the figures `npm run bench` wrote to bench-results/ with the
 * limits in perf-budget.json. Prints every figure against its limit; exits 1 when one is
 * crossed or missing, naming the figure, its value and the limit.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Limit {
  readonly file: string;
  readonly figure: string;
  readonly max: number;
  readonly unit: string;
  readonly why: string;
}

const budget = JSON.parse(readFileSync('perf-budget.json', 'utf8')) as { limits: Limit[] };

function figureOf(file: string, path: string): number | null {
  const full = join('bench-results', file);
  if (!existsSync(full)) return null;
  let value: unknown = JSON.parse(readFileSync(full, 'utf8'));
  for (const key of path.split('.')) value = (value as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

let crossed = 0;
for (const limit of budget.limits) {
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
console.log(`${budget.limits.length - crossed} within budget, ${crossed} over`);
// For `npm test`'s count: each limit is one check.
mkdirSync('.tmp', { recursive: true });
writeFileSync('.tmp/budget-results.json', JSON.stringify({ passed: budget.limits.length - crossed, failed: crossed }));
process.exitCode = crossed > 0 ? 1 : 0;
