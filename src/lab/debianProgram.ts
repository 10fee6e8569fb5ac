/**
 * A program the tests' real servers come from (Debian's redis-server, etcd, etcdctl): found at
 * its path, installed with apt-get when missing and we are root (as scripts/ensure-debian-
 * package.mjs does before the suite), and its version read and held to the one the code was
 * written against. Every failure is thrown as the caller's own error (`fail(problem, remedy)`),
 * whose message says the command to run. One flow for every such program, so none drifts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface DebianProgram {
  /** The program's name in messages, e.g. `etcd`. */
  readonly program: string;
  readonly path: string;
  /** The Debian package that has it, e.g. `etcd-server`. */
  readonly pkg: string;
  /** The arguments that make it print its version, and how to find the version in that output. */
  readonly versionArgs: readonly string[];
  readonly versionPattern: RegExp;
}

/** A found program and the version it says it is. */
export interface FoundProgram {
  readonly path: string;
  readonly version: string;
}

/** Builds the caller's error from what went wrong and what to do about it. */
export type ProgramFailure = (problem: string, remedy: string) => Error;

/** The command a user who is not root runs to install `pkg`. */
export function installCommandFor(pkg: string): string {
  return `sudo apt-get install -y ${pkg}`;
}

/** The program, installed first when it is missing and we are root; throws `fail(...)` otherwise. */
export function findDebianProgram(wanted: DebianProgram, fail: ProgramFailure): FoundProgram {
  if (!existsSync(wanted.path)) install(wanted, fail);
  const result = spawnSync(wanted.path, [...wanted.versionArgs], { encoding: 'utf8' });
  const version = wanted.versionPattern.exec(result.stdout ?? '')?.[1];
  if (result.status !== 0 || version === undefined) {
    throw fail(
      `${wanted.path} ${wanted.versionArgs.join(' ')} did not answer with a version (${result.error?.message ?? (result.stderr || result.stdout).trim()})`,
      `reinstall it with ${installCommandFor(wanted.pkg)}`,
    );
  }
  return { path: wanted.path, version };
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

function install(wanted: DebianProgram, fail: ProgramFailure): void {
  const command = installCommandFor(wanted.pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw fail(`${wanted.program} is missing at ${wanted.path} and this user cannot install it`, `run ${command}`);
  }
  console.info(`${wanted.program} is missing at ${wanted.path}; installing Debian's ${wanted.pkg} package (as root).`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', wanted.pkg]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      throw fail(
        `apt-get ${args.join(' ')} failed (${result.error?.message ?? `status ${result.status}`})`,
        `install it by hand with ${command}`,
      );
    }
  }
  if (!existsSync(wanted.path)) {
    throw fail(`installing ${wanted.pkg} did not produce ${wanted.path}`, `try ${command} by hand`);
  }
}
