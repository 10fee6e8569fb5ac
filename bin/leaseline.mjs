#!/usr/bin/env node
// `leaseline`, the command package.json's `bin` names (`npx leaseline`, `npm link`,
// `npm install -g`): it runs the plain JavaScript build, dist-cli/leaseline.mjs
// (scripts/build-cli.mjs). An installed copy carries the build and no sources, and runs it as
// it is. In a clone of the project the build is made by `prepare` on `npm ci`; it is made here
// instead when it is missing (npm ran with ignore-scripts) or older than a source it was built
// from (a `git pull` since), so the command never runs code the sources no longer say.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = join(ROOT, 'dist-cli', 'leaseline.mjs');
const STAMP = join(ROOT, 'dist-cli', 'inputs.json');

/** True when the sources are here and the build is missing or older than one of the files it was built from. */
function buildIsStale() {
  if (!existsSync(join(ROOT, 'src', 'cli', 'main.ts'))) return false;
  if (!existsSync(BUILT) || !existsSync(STAMP)) return true;
  const builtMs = statSync(STAMP).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(STAMP, 'utf8'));
  return inputs.some((input) => {
    const stat = statSync(join(ROOT, input), { throwIfNoEntry: false });
    return stat === undefined || stat.mtimeMs > builtMs;
  });
}

if (buildIsStale()) {
  const { buildCli, lacksEsbuild } = await import('../scripts/build-cli.mjs');
  try {
    await buildCli();
  } catch (error) {
    // Without esbuild (dev dependencies omitted) an older build still runs; none at all cannot.
    if (!lacksEsbuild(error) || !existsSync(BUILT)) {
      process.stderr.write(
        `leaseline: cannot build dist-cli/leaseline.mjs: ${lacksEsbuild(error) ? 'esbuild is not installed (run npm ci)' : error.message}\n`,
      );
      process.exit(2);
    }
  }
}
await import('../dist-cli/leaseline.mjs');
