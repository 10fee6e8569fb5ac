/**
 * Debian's `redis-server`, for the tests that replay the Redis presets on a real Redis: found
 * at /usr/bin/redis-server (or LEASELINE_REDIS_SERVER), installed with apt-get when missing and
 * we are root (as scripts/ensure-chromium.mjs does for Chromium), otherwise a RedisStartError
 * that says the command to run. Its version is read and checked: the replay needs Redis 7.0 or
 * later (PEXPIRETIME, to move a key's deadline as a clock jump on Redis does).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const REDIS_SERVER_PATH = process.env.LEASELINE_REDIS_SERVER ?? '/usr/bin/redis-server';
export const REDIS_INSTALL_COMMAND = 'sudo apt-get install -y redis-server';
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
  if (!existsSync(REDIS_SERVER_PATH)) install();
  const result = spawnSync(REDIS_SERVER_PATH, ['--version'], { encoding: 'utf8' });
  const version = /\bv=(\d+\.\d+\.\d+)/.exec(result.stdout ?? '')?.[1];
  if (result.status !== 0 || version === undefined) {
    throw new RedisStartError(
      `${REDIS_SERVER_PATH} --version did not answer with a version (${result.error?.message ?? (result.stderr || result.stdout).trim()})`,
      `reinstall it with ${REDIS_INSTALL_COMMAND}`,
    );
  }
  if (compareVersions(version, REDIS_MINIMUM_VERSION) < 0) {
    throw new RedisStartError(
      `${REDIS_SERVER_PATH} is Redis ${version}, older than the ${REDIS_MINIMUM_VERSION} the replay needs`,
      `install a newer redis-server (Debian 12 has 7.0.15) or point LEASELINE_REDIS_SERVER at one`,
    );
  }
  return { path: REDIS_SERVER_PATH, version };
}

/** Negative, zero or positive as `a` is older than, the same as or newer than `b` (dotted numbers). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function install(): void {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new RedisStartError(
      `redis-server is missing at ${REDIS_SERVER_PATH} and this user cannot install it`,
      `run ${REDIS_INSTALL_COMMAND}`,
    );
  }
  console.info(`redis-server is missing at ${REDIS_SERVER_PATH}; installing Debian's redis-server package (as root).`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'redis-server']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      throw new RedisStartError(
        `apt-get ${args.join(' ')} failed (${result.error?.message ?? `status ${result.status}`})`,
        `install it by hand with ${REDIS_INSTALL_COMMAND}`,
      );
    }
  }
  if (!existsSync(REDIS_SERVER_PATH)) {
    throw new RedisStartError(
      `installing redis-server did not produce ${REDIS_SERVER_PATH}`,
      `try ${REDIS_INSTALL_COMMAND} by hand`,
    );
  }
}
