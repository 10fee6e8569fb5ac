/**
 * Debian's `redis-server`, for the tests that replay the Redis presets on a real Redis: found
 * at /usr/bin/redis-server (or LEASELINE_REDIS_SERVER), installed with apt-get when missing and
 * we are root (`debianProgram.ts`, as scripts/ensure-redis-server.mjs does before the suite),
 * otherwise a RedisStartError that says the command to run. Its version is read and checked:
 * the replay needs Redis 7.0 or later (PEXPIRETIME, to move a key's deadline as a clock jump on
 * Redis does).
 */
import { compareVersions, findDebianProgram, installCommandFor } from './debianProgram';

export { compareVersions } from './debianProgram';

export const REDIS_SERVER_PATH = process.env.LEASELINE_REDIS_SERVER ?? '/usr/bin/redis-server';
export const REDIS_INSTALL_COMMAND = installCommandFor('redis-server');
/** The oldest Redis the replay works with; Debian 12 ships 7.0.15, which is what it was written against. */
export const REDIS_MINIMUM_VERSION = '7.0.0';

export interface RedisBinary {
  readonly path: string;
  /** `redis-server --version`'s `v=`, e.g. `7.0.15`. */
  readonly version: string;
}

/** Redis could not be found, installed or started; `message` is one sentence that says what to do. */
export class RedisStartError extends Error {
  constructor(problem: string, remedy: string) {
    super(`${problem}: ${remedy}.`);
    this.name = 'RedisStartError';
  }
}

/** The redis-server to run, installed first when missing and we are root; throws a RedisStartError otherwise. */
export function findRedisServer(): RedisBinary {
  const found = findDebianProgram(
    {
      program: 'redis-server',
      path: REDIS_SERVER_PATH,
      pkg: 'redis-server',
      versionArgs: ['--version'],
      versionPattern: /\bv=(\d+\.\d+\.\d+)/,
    },
    (problem, remedy) => new RedisStartError(problem, remedy),
  );
  if (compareVersions(found.version, REDIS_MINIMUM_VERSION) < 0) {
    throw new RedisStartError(
      `${REDIS_SERVER_PATH} is Redis ${found.version}, older than the ${REDIS_MINIMUM_VERSION} the replay needs`,
      `install a newer redis-server (Debian 12 has 7.0.15) or point LEASELINE_REDIS_SERVER at one`,
    );
  }
  return found;
}
