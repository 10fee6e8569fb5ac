/**
 * Debian's ZooKeeper (the `zookeeper` package, which brings a Java runtime through
 * `default-jre-headless`), for the tests that replay a ZooKeeper night on a real server and run
 * the app's zkCli commands: its scripts under /usr/share/zookeeper/bin (or LEASELINE_ZKSERVER /
 * LEASELINE_ZKCLI) found, installed with apt-get when missing and we are root
 * (`debianProgram.ts`, as scripts/ensure-zookeeper.mjs does before the suite), otherwise a
 * ZookeeperStartError that says the command to run.
 *
 * The version is pinned to the 3.8 series (Debian 12's 3.8.0): the replay was written against
 * its sequence numbers (a parent's counter of creates, ten digits from 0) and its zkCli syntax
 * (`create -e -s`, `ls -w`). Another series is refused, by name.
 */
import { existsSync } from 'node:fs';
import { compareVersions, findDebianProgram, installCommandFor } from './debianProgram';

export const ZKSERVER_PATH = process.env.LEASELINE_ZKSERVER ?? '/usr/share/zookeeper/bin/zkServer.sh';
export const ZKCLI_PATH = process.env.LEASELINE_ZKCLI ?? '/usr/share/zookeeper/bin/zkCli.sh';
/** Debian's server jar: its manifest's Class-Path names every jar it needs under /usr/share/java. */
export const ZOOKEEPER_JAR = process.env.LEASELINE_ZOOKEEPER_JAR ?? '/usr/share/java/zookeeper.jar';
export const JAVA_PATH = process.env.LEASELINE_JAVA ?? '/usr/bin/java';
export const ZOOKEEPER_INSTALL_COMMAND = installCommandFor('zookeeper');
export const ZOOKEEPER_SERIES = '3.8';
export const ZOOKEEPER_MINIMUM_VERSION = '3.8.0';

export interface ZookeeperBinaries {
  readonly java: string;
  readonly jar: string;
  readonly zkCli: string;
  /** `zkServer.sh version`'s, e.g. `3.8.0`. */
  readonly version: string;
}

/** ZooKeeper could not be found, installed or started; `message` is one sentence that says what to do. */
export class ZookeeperStartError extends Error {
  constructor(problem: string, remedy: string) {
    super(`${problem}: ${remedy}.`);
    this.name = 'ZookeeperStartError';
  }
}

const fail = (problem: string, remedy: string) => new ZookeeperStartError(problem, remedy);

/** Java, the server jar and zkCli.sh, installed first when missing and we are root; throws a ZookeeperStartError otherwise. */
export function findZookeeper(): ZookeeperBinaries {
  const server = findDebianProgram(
    {
      program: 'zkServer.sh',
      path: ZKSERVER_PATH,
      pkg: 'zookeeper',
      versionArgs: ['version'],
      versionPattern: /Apache ZooKeeper, version (\d+\.\d+\.\d+)/,
    },
    fail,
  );
  const java = findDebianProgram(
    {
      program: 'java',
      path: JAVA_PATH,
      pkg: 'default-jre-headless',
      // `--version` (unlike `-version`) answers on stdout, where the version is read.
      versionArgs: ['--version'],
      versionPattern: /^\S+ (\d+)/,
    },
    fail,
  );
  checkPinned(server.path, server.version);
  // zkCli.sh comes in the same package; it has no version flag (it would connect instead).
  if (!existsSync(ZKCLI_PATH)) {
    throw fail(`zkCli.sh is missing at ${ZKCLI_PATH}`, `reinstall ZooKeeper with ${ZOOKEEPER_INSTALL_COMMAND}`);
  }
  return { java: java.path, jar: ZOOKEEPER_JAR, zkCli: ZKCLI_PATH, version: server.version };
}

/** Throws unless `version` is of the pinned series and not older than its minimum. */
export function checkPinned(path: string, version: string): void {
  const inSeries = version === ZOOKEEPER_SERIES || version.startsWith(`${ZOOKEEPER_SERIES}.`);
  if (!inSeries || compareVersions(version, ZOOKEEPER_MINIMUM_VERSION) < 0) {
    throw new ZookeeperStartError(
      `${path} is ZooKeeper ${version}, not the ${ZOOKEEPER_SERIES} series the replay is pinned to`,
      `install Debian 12's (${ZOOKEEPER_INSTALL_COMMAND}) or point LEASELINE_ZKSERVER and LEASELINE_ZKCLI at a ${ZOOKEEPER_SERIES} release`,
    );
  }
}
