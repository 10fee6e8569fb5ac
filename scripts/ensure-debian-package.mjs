// Makes sure a program from a Debian package is on this machine before a suite needs it: as
// root it installs the package with apt-get, otherwise it says exactly which command to run,
// rather than letting the suite fail obscurely. Chromium (ensure-chromium.mjs), redis-server
// (ensure-redis-server.mjs), etcd with etcdctl (ensure-etcd.mjs) and ZooKeeper
// (ensure-zookeeper.mjs) come this way; the tests' own fallback, when one is run alone, is
// src/lab/debianProgram.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

/** The command a user who is not root runs to install `pkg`. */
export function manualInstallCommandFor(pkg) {
  return `sudo apt-get install -y ${pkg}`;
}

/**
 * True when `program` (its name in messages) is at `path`, installing Debian's `pkg` first
 * when it is not and we are root (`installOptions`: apt-get install's extra options); false
 * with an explanation printed when it is not there and cannot be.
 */
export function ensureDebianPackage({ program, path, pkg, installOptions = [] }) {
  if (existsSync(path)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`${program} is missing at ${path} and this user cannot install it. Run:`);
    console.error(manualInstallCommandFor(pkg));
    return false;
  }
  console.log(`${program} is missing at ${path}; installing Debian's ${pkg} package (as root).`);
  const installed = run('apt-get', ['update']) && run('apt-get', ['install', '-y', ...installOptions, pkg]);
  if (!installed || !existsSync(path)) {
    console.error(`Installing ${pkg} did not produce ${path}. Try by hand:`);
    console.error(manualInstallCommandFor(pkg));
    return false;
  }
  console.log(`${program} installed at ${path}.`);
  return true;
}
