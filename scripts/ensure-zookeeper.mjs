// Makes sure Debian's ZooKeeper (the `zookeeper` package: its jars under /usr/share/java, its
// scripts zkServer.sh and zkCli.sh under /usr/share/zookeeper/bin, and a Java runtime through
// its dependency `default-jre-headless`) is here before the unit suite runs: the ZooKeeper
// replay (tests/replay/zookeeperReplay.test.ts) starts a real standalone server and pastes the
// app's zkCli commands into the real zkCli.sh. As root we install it; otherwise we say which
// command to run, and the replay fails with the same sentence (src/lab/zookeeperBinary.ts,
// which also installs it when a test is run on its own).
//
// Usable on its own (`node scripts/ensure-zookeeper.mjs`) or imported by scripts/test.mjs.
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage, manualInstallCommandFor } from './ensure-debian-package.mjs';

export const zkCliPath = process.env.LEASELINE_ZKCLI ?? '/usr/share/zookeeper/bin/zkCli.sh';
export const manualInstallCommand = manualInstallCommandFor('zookeeper');

/** True when ZooKeeper's zkCli.sh is present (installing the package first when we are root), false with an explanation printed. */
export function ensureZookeeper() {
  // Recommends would bring a whole desktop JRE; the headless one comes as a dependency.
  return ensureDebianPackage({
    program: 'zkCli.sh',
    path: zkCliPath,
    pkg: 'zookeeper',
    installOptions: ['--no-install-recommends'],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = ensureZookeeper() ? 0 : 1;
}
