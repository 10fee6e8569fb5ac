// Makes sure Debian's Chromium is at /usr/bin/chromium before the browser suite runs.
//
// Playwright is never allowed to download a browser here (docs/toolchain.md trap 4), so the
// browser comes from the distribution: as root we install it (about 8 s), otherwise we say
// exactly which command to run and fail, rather than letting Playwright fail obscurely.
//
// Usable on its own (`node scripts/ensure-chromium.mjs`) or imported by scripts/test.mjs.
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage, manualInstallCommandFor } from './ensure-debian-package.mjs';

export const chromiumPath = process.env.LEASELINE_CHROMIUM ?? '/usr/bin/chromium';
export const manualInstallCommand = manualInstallCommandFor('chromium');

/**
 * Returns true when Chromium is present (installing it first when we are root), false with
 * an explanation printed when it is not and cannot be.
 */
export function ensureChromium() {
  return ensureDebianPackage({ program: 'Chromium', path: chromiumPath, pkg: 'chromium' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = ensureChromium() ? 0 : 1;
}
