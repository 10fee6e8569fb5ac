/**
 * Debian's Chromium as the browser tests and the UI benchmark launch it: the binary
 * (`LEASELINE_CHROMIUM` overrides it) and the flags known to work as root on this kind of
 * machine (docs/toolchain.md trap 4). Never `--user-data-dir`: Playwright manages the profile.
 */
export const CHROMIUM_PATH = process.env.LEASELINE_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
