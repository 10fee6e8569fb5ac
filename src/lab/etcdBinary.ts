/**
 * Debian's etcd (`etcd-server`, /usr/bin/etcd) and its client (`etcd-client`, /usr/bin/etcdctl),
 * for the tests that replay the etcd presets on a real etcd and run the app's etcdctl commands:
 * found (or LEASELINE_ETCD / LEASELINE_ETCDCTL), installed with apt-get when missing and we are
 * root (`debianProgram.ts`, as scripts/ensure-etcd.mjs does before the suite), otherwise an
 * EtcdStartError that says the command to run.
 *
 * The version is pinned to the 3.4 series from 3.4.23 on (Debian 12's): the replay was written
 * against it, its JSON gateway (`/v3/...`) and its Mutex (client/v3/concurrency, which since
 * 3.4.4 re-checks its own key after waiting: F16). Another series is refused, by name, rather
 * than compared against answers it was never checked with.
 */
import { compareVersions, findDebianProgram, installCommandFor } from './debianProgram';

export const ETCD_PATH = process.env.LEASELINE_ETCD ?? '/usr/bin/etcd';
export const ETCDCTL_PATH = process.env.LEASELINE_ETCDCTL ?? '/usr/bin/etcdctl';
export const ETCD_INSTALL_COMMAND = installCommandFor('etcd-server etcd-client');
/** The series the replay is pinned to, and the oldest release of it that it accepts. */
export const ETCD_SERIES = '3.4';
export const ETCD_MINIMUM_VERSION = '3.4.23';

export interface EtcdBinaries {
  readonly etcd: string;
  readonly etcdctl: string;
  /** `etcd --version`'s, e.g. `3.4.23` (etcdctl's is checked to be the same). */
  readonly version: string;
}

/** etcd could not be found, installed or started; `message` is one sentence that says what to do. */
export class EtcdStartError extends Error {
  constructor(problem: string, remedy: string) {
    super(`${problem}: ${remedy}.`);
    this.name = 'EtcdStartError';
  }
}

const fail = (problem: string, remedy: string) => new EtcdStartError(problem, remedy);

/** etcd and etcdctl, installed first when missing and we are root; throws an EtcdStartError otherwise. */
export function findEtcd(): EtcdBinaries {
  const server = findDebianProgram(
    {
      program: 'etcd',
      path: ETCD_PATH,
      pkg: 'etcd-server',
      versionArgs: ['--version'],
      versionPattern: /etcd Version: (\d+\.\d+\.\d+)/,
    },
    fail,
  );
  const client = findDebianProgram(
    {
      program: 'etcdctl',
      path: ETCDCTL_PATH,
      pkg: 'etcd-client',
      versionArgs: ['version'],
      versionPattern: /etcdctl version: (\d+\.\d+\.\d+)/,
    },
    fail,
  );
  checkPinned('etcd', server.path, server.version);
  checkPinned('etcdctl', client.path, client.version);
  return { etcd: server.path, etcdctl: client.path, version: server.version };
}

/** Throws unless `version` is of the pinned series and not older than its minimum. */
export function checkPinned(program: string, path: string, version: string): void {
  const inSeries = version === ETCD_SERIES || version.startsWith(`${ETCD_SERIES}.`);
  if (!inSeries || compareVersions(version, ETCD_MINIMUM_VERSION) < 0) {
    throw new EtcdStartError(
      `${path} is ${program} ${version}, not the ${ETCD_SERIES} series from ${ETCD_MINIMUM_VERSION} on that the replay is pinned to`,
      `install Debian 12's (${ETCD_INSTALL_COMMAND}) or point LEASELINE_ETCD and LEASELINE_ETCDCTL at a ${ETCD_SERIES} release`,
    );
  }
}
