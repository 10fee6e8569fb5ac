// Makes sure Debian's redis-server is at /usr/bin/redis-server before the unit suite runs: the
// Redis replay (tests/replay/redisReplay.test.ts) starts a real one. Installing it here, outside
// Vitest, keeps apt-get's half minute out of a test hook's timeout. As root we install it;
// otherwise we say which command to run, and the replay fails with the same sentence
// (src/lab/redisBinary.ts, which also installs it when a test is run on its own).
//
// Usable on its own (`node scripts/ensure-redis-server.mjs`) or imported by scripts/test.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const redisServerPath = process.env.LEASELINE_REDIS_SERVER ?? '/usr/bin/redis-server';
export const manualInstallCommand = 'sudo apt-get install -y redis-server';

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

/** True when redis-server is present (installing it first when we are root), false with an explanation printed. */
export function ensureRedisServer() {
  if (existsSync(redisServerPath)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`redis-server is missing at ${redisServerPath} and this user cannot install it. Run:`);
    console.error(manualInstallCommand);
    return false;
  }
  console.log(`redis-server is missing at ${redisServerPath}; installing Debian's redis-server package (as root).`);
  const installed =
    run('apt-get', ['update']) && run('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server']);
  if (!installed || !existsSync(redisServerPath)) {
    console.error(`Installing redis-server did not produce ${redisServerPath}. Try by hand:`);
    console.error(manualInstallCommand);
    return false;
  }
  console.log(`redis-server installed at ${redisServerPath}.`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = ensureRedisServer() ? 0 : 1;
}
