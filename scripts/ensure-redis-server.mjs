// Makes sure Debian's redis-server is at /usr/bin/redis-server before the unit suite runs: the
// Redis replay (tests/replay/redisReplay.test.ts) starts a real one. Installing it here, outside
// Vitest, keeps apt-get's half minute out of a test hook's timeout. As root we install it;
// otherwise we say which command to run, and the replay fails with the same sentence
// (src/lab/redisBinary.ts, which also installs it when a test is run on its own).
//
// Usable on its own (`node scripts/ensure-redis-server.mjs`) or imported by scripts/test.mjs.
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage, manualInstallCommandFor } from './ensure-debian-package.mjs';

export const redisServerPath = process.env.LEASELINE_REDIS_SERVER ?? '/usr/bin/redis-server';
export const manualInstallCommand = manualInstallCommandFor('redis-server');

/** True when redis-server is present (installing it first when we are root), false with an explanation printed. */
export function ensureRedisServer() {
  return ensureDebianPackage({
    program: 'redis-server',
    path: redisServerPath,
    pkg: 'redis-server',
    installOptions: ['--no-install-recommends'],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = ensureRedisServer() ? 0 : 1;
}
