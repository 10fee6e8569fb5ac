// Makes sure Debian's Chromium is at /usr/bin/chromium before the browser suite runs.
//
// Playwright is never allowed to download a browser here (docs/toolchain.md trap 4), so the
// browser comes from the distribution: as root we install it (about 8 s), otherwise we say
// exactly which command to run and fail, rather than letting Playwright fail obscurely.
//
// Usable on its own (`node scripts/ensure-chromium.mjs`) or imported by scripts/test.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const chromiumPath = process.env.LEASELINE_CHROMIUM ?? '/usr/bin/chromium';
export const manualInstallCommand = 'sudo apt-get install -y chromium';

/** Runs one command with inherited output; returns true when it exited 0. */
function run(command, args) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) {
    console.error(`${command}: ${result.error.message}`);
    return false;
  }
  return result.status === 0;
}

/**
 * Returns true when Chromium is present (installing it first when we are root), false with
 * an explanation printed when it is not and cannot be.
 */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return true;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing at ${chromiumPath} and this user cannot install it. Run:`);
    console.error(manualInstallCommand);
    return false;
  }

  console.log(`Chromium is missing at ${chromiumPath}; installing Debian's chromium package (as root).`);
  const installed = run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium']);
  if (!installed || !existsSync(chromiumPath)) {
    console.error(`Installing chromium did not produce ${chromiumPath}. Try by hand:`);
    console.error(manualInstallCommand);
    return false;
  }
  console.log(`Chromium installed at ${chromiumPath}.`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = ensureChromium() ? 0 : 1;
}
