/**
 * Where a LAB1 hand-in's worker lives, and the files that are the worker's, not hand-ins: a
 * student's folder holds the worker beside the hand-in file, and its `package.json` is no
 * EX03 night. Pure but for the paths it joins.
 */
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import type { LoadedHandIn } from './handInLoads';

/**
 * The worker's folder as the hand-in names it, relative to the hand-in file and inside that
 * file's folder, so a hand-in cannot point the grader at other files of the machine. Null when
 * it leaves the folder.
 */
export function workerFolderOf(file: string, folder: string): string | null {
  const inside = normalize(folder);
  if (isAbsolute(folder) || inside === '..' || inside.startsWith(`..${sep}`)) return null;
  return join(dirname(file), inside);
}

/** The worker folders the valid LAB1 hand-ins among `loads` name, resolved. */
export function workerFoldersOf(loads: readonly LoadedHandIn[]): string[] {
  return loads.flatMap((loaded) => {
    if (!loaded.ok || loaded.document.exercise !== 'lab1') return [];
    const folder = workerFolderOf(loaded.file, loaded.document.answer.folder);
    return folder === null ? [] : [resolve(folder)];
  });
}

/** Whether `file` lies inside one of `folders`. */
export function insideWorkerFolder(file: string, folders: readonly string[]): boolean {
  const path = resolve(file);
  return folders.some((folder) => {
    const rest = relative(folder, path);
    return rest !== '' && !rest.startsWith('..') && !isAbsolute(rest);
  });
}
