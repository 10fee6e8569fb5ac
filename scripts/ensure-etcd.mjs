// Makes sure Debian's etcd (the `etcd-server` package, /usr/bin/etcd) and its client (the
// `etcd-client` package, /usr/bin/etcdctl) are here before the unit suite runs: the etcd replay
// (tests/replay/etcdReplay.test.ts) starts a real etcd and pastes the app's etcdctl commands
// into the real etcdctl. Installing them here, outside Vitest, keeps apt-get out of a test
// hook's timeout. As root we install them; otherwise we say which command to run, and the
// replay fails with the same sentence (src/lab/etcdBinary.ts, which also installs them when a
// test is run on its own).
//
// Usable on its own (`node scripts/ensure-etcd.mjs`) or imported by scripts/test.mjs.
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage, manualInstallCommandFor } from './ensure-debian-package.mjs';

export const etcdPath = process.env.LEASELINE_ETCD ?? '/usr/bin/etcd';
export const etcdctlPath = process.env.LEASELINE_ETCDCTL ?? '/usr/bin/etcdctl';
export const manualInstallCommand = manualInstallCommandFor('etcd-server etcd-client');

/** True when etcd and etcdctl are present (installing them first when we are root), false with an explanation printed. */
export function ensureEtcd() {
  // Both, even when the first fails: one run says everything that is missing.
  const server = ensureDebianPackage({
    program: 'etcd',
    path: etcdPath,
    pkg: 'etcd-server',
    installOptions: ['--no-install-recommends'],
  });
  const client = ensureDebianPackage({
    program: 'etcdctl',
    path: etcdctlPath,
    pkg: 'etcd-client',
    installOptions: ['--no-install-recommends'],
  });
  return server && client;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = ensureEtcd() ? 0 : 1;
}
