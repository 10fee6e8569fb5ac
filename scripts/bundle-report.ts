/**
 * `npm run bundle-report [-- DIR]`: what the page's JavaScript is made of. Builds the app into
 * DIR (default `.tmp/bundle-report`) unless `--no-build`, then prints the files the page loads
 * to work with their gzip size: the first load, before the first paint (the
 * `initialJsGzipBytes.app` figure of `npm run bench`), then what the entry imports after it
 * (with the first load, `takeOverJsGzipBytes.app`), and that code split by package and by
 * source folder, then the largest modules, read off the source maps. A group's gzip is its code compressed alone, so the groups add up to more
 * than the files (gzip shares its dictionary across a file); the raw share is exact.
 * The chunks loaded on demand are listed last with their own sizes.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeBySource, gzipBytes, initialJsFiles, takeOverJsFiles } from './initialJs';

const args = process.argv.slice(2);
const dir = args.find((arg) => !arg.startsWith('--')) ?? '.tmp/bundle-report';
const TOP_MODULES = 25;

if (!args.includes('--no-build')) {
  execFileSync('node_modules/.bin/vite', ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
    stdio: 'inherit',
  });
}

/** `node_modules/zod/v4/core/x.js` -> `zod`; `src/app/lessons/x.tsx` -> `src/app/lessons`. */
function groupOf(source: string): string {
  const packageMatch = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (packageMatch) return packageMatch[1] as string;
  const ourMatch = source.match(/(src\/[^/]+(?:\/[^/.]+(?=\/))?)/);
  return ourMatch ? (ourMatch[1] as string) : source.replace(/^(\.\.\/)+/, '');
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1).padStart(7)} kB`;
}

const first = initialJsFiles(dir);
const files = takeOverJsFiles(dir);
const bySource = new Map<string, string>();
let totalGzip = 0;
let totalRaw = 0;
console.log(`The page's JavaScript (${dir}): the first load, then (after the first paint) the app:`);
for (const file of files) {
  if (file === files[first.length]) console.log('  after the first paint:');
  const contents = readFileSync(join(dir, file));
  totalGzip += gzipBytes(contents);
  totalRaw += contents.length;
  console.log(`  ${file.padEnd(52)} ${kb(contents.length)} raw ${kb(gzipBytes(contents))} gzip`);
  for (const [source, text] of codeBySource(dir, file)) bySource.set(source, (bySource.get(source) ?? '') + text);
}
console.log(`  ${'total'.padEnd(52)} ${kb(totalRaw)} raw ${kb(totalGzip)} gzip\n`);

const groups = new Map<string, string>();
for (const [source, text] of bySource) groups.set(groupOf(source), (groups.get(groupOf(source)) ?? '') + text);

function printTable(title: string, entries: Map<string, string>, limit: number): void {
  console.log(title);
  const rows = [...entries].map(([name, text]) => ({ name, raw: Buffer.byteLength(text), gzip: gzipBytes(text) }));
  rows.sort((a, b) => b.raw - a.raw);
  for (const row of rows.slice(0, limit)) {
    const share = ((100 * row.raw) / totalRaw).toFixed(1).padStart(5);
    console.log(`  ${row.name.padEnd(52)} ${kb(row.raw)} raw ${share}% ${kb(row.gzip)} gzip alone`);
  }
  console.log('');
}

printTable('By package and source folder:', groups, 60);
printTable(`Largest modules (top ${TOP_MODULES}):`, bySource, TOP_MODULES);

const lazy = readdirSync(join(dir, 'assets'))
  .filter((name) => name.endsWith('.js') && !files.includes(`assets/${name}`))
  .map((name) => {
    const contents = readFileSync(join(dir, 'assets', name));
    return { name, raw: contents.length, gzip: gzipBytes(contents) };
  })
  .sort((a, b) => b.gzip - a.gzip);
console.log('Loaded on demand:');
for (const chunk of lazy) console.log(`  ${chunk.name.padEnd(52)} ${kb(chunk.raw)} raw ${kb(chunk.gzip)} gzip`);
